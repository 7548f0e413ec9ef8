import CSQLite

/// Which tables of the main database the statements of one fetch read, learned from SQLite's
/// authorizer as they are prepared, and from what cached statements read when they were.
///
/// SQLite calls the authorizer with `SQLITE_READ` for each column a statement reads (and with
/// an empty column for `count(*)`), through views and subqueries, while it prepares: the
/// statements themselves say what they read, nothing is declared by hand.
struct ReadTracking {
  /// Whether the authorizer that records reads is on the connection (it stays on).
  var isInstalled = false
  /// The tables read so far, while a fetch is tracked.
  private(set) var tables: Set<String>?
  /// What each cached statement's SQL read when it was prepared on this connection.
  private var regions: [String: Set<String>] = [:]
  private static let regionCapacity = 512

  var isActive: Bool { tables != nil }

  /// Called by the authorizer for an `SQLITE_READ` action.
  mutating func noteRead(table: UnsafePointer<CChar>, database: UnsafePointer<CChar>?) {
    // `count(*)` reports no database; a temp or attached table is not the pool's to observe.
    if let database, strcmp(database, "main") != 0 { return }
    tables?.insert(String(cString: table))
  }

  mutating func start() { tables = [] }

  mutating func stop() -> Set<String> {
    defer { tables = nil }
    return tables ?? []
  }

  func region(of sql: String) -> Set<String>? { regions[sql] }

  mutating func add(_ region: Set<String>, for sql: String?) {
    tables?.formUnion(region)
    guard let sql else { return }
    if regions.count >= Self.regionCapacity { regions.removeAll() }
    regions[sql] = region
  }

  /// Sets the tables read so far aside while one statement's own are learned.
  mutating func swapTables(_ other: Set<String>?) -> Set<String>? {
    defer { tables = other }
    return tables
  }
}

extension Connection {
  /// Runs `body` and returns, with its result, the tables of the main database its statements
  /// read.
  func trackingReads<T>(_ body: (Connection) throws -> T) throws -> (T, Set<String>) {
    if !handle.readTracking.isInstalled {
      handle.readTracking.isInstalled = true
      try installAuthorizer()
    }
    handle.readTracking.start()
    let value: T
    do {
      value = try body(self)
    } catch {
      _ = handle.readTracking.stop()
      throw error
    }
    return (value, handle.readTracking.stop())
  }

  /// Records what the cached statement for `sql` reads while a fetch is tracked: the
  /// authorizer does not run for a statement prepared earlier, so its tables were kept, or are
  /// learned now by preparing the text once more.
  func noteCachedRead(of sql: String) throws(SQLiteError) {
    if let region = handle.readTracking.region(of: sql) {
      handle.readTracking.add(region, for: nil)
      return
    }
    let saved = handle.readTracking.swapTables([])
    var statement: OpaquePointer?
    let rc = sqlite3_prepare_v3(handle.db, sql, -1, 0, &statement, nil)
    sqlite3_finalize(statement)
    let region = handle.readTracking.swapTables(saved) ?? []
    guard rc == SQLITE_OK else { throw handle.error(rc, sql: sql) }
    handle.readTracking.add(region, for: sql)
  }
}
