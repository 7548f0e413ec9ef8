import CSQLite

/// One SQLite database connection.
///
/// A connection is not `Sendable`: it lives on one thread (or inside one `ConnectionPool`
/// access) at a time. Only ``interruptHandle`` may be used from elsewhere.
///
/// ```swift
/// let db = try Connection(path: ":memory:")
/// try db.execute("CREATE TABLE t(a); INSERT INTO t VALUES (1), (2)")
/// let total: Int? = try db.scalar("SELECT sum(a) FROM t")
/// ```
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/sqlite3.html>
public final class Connection {
  let handle: ConnectionHandle
  /// The path, URI or `:memory:` this connection was opened with.
  public let path: String
  /// The options this connection was opened with.
  public let options: OpenOptions
  // Touched only by this connection's own calls, never re-entered: skip the exclusivity checks.
  @exclusivity(unchecked) var statementCache: StatementCache
  /// `BEGIN`, `COMMIT` and the other statements the library runs itself (same access rule).
  @exclusivity(unchecked) var internalStatements = InternalStatements()
  /// The statements ``insert(_:into:)`` and the other record calls made (same access rule).
  @exclusivity(unchecked) var recordPlans = RecordPlans()

  /// Opens a database file, a `file:` URI or `:memory:`.
  ///
  /// Connections are opened `SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_URI`:
  /// confinement, not a mutex, keeps them safe, and errors carry extended codes.
  /// - Throws: ``SQLiteError`` when the file cannot be opened.
  public init(path: String = ":memory:", options: OpenOptions = .default) throws(SQLiteError) {
    var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI | SQLITE_OPEN_EXRESCODE
    switch options.mode {
    case .readOnly: flags |= SQLITE_OPEN_READONLY
    case .readWrite: flags |= SQLITE_OPEN_READWRITE
    case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    }
    if options.noFollow { flags |= SQLITE_OPEN_NOFOLLOW }
    var db: OpaquePointer?
    let rc = sqlite3_open_v2(path, &db, flags, options.vfs)
    guard rc == SQLITE_OK, let db else {
      let message =
        db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
      let code = db.map { sqlite3_extended_errcode($0) } ?? rc
      sqlite3_close(db)
      throw SQLiteError(code: ResultCode(rawValue: code), message: message)
    }
    self.handle = ConnectionHandle(db: db)
    self.path = path
    self.options = options
    self.statementCache = StatementCache(capacity: options.statementCacheCapacity)
    sqlite3_extended_result_codes(db, 1)
    if options.busyTimeout > 0 { sqlite3_busy_timeout(db, options.busyTimeout) }
  }

  /// Finalizes every statement (cached or still held elsewhere) and closes the connection.
  ///
  /// Closing twice does nothing. A ``Statement`` used after its connection closed throws a
  /// `misuse` error instead of touching freed memory.
  public func close() throws(SQLiteError) {
    statementCache.removeAll()
    internalStatements.removeAll()
    try handle.close()
  }

  /// Whether ``close()`` has run.
  public var isClosed: Bool { handle.isClosed }

  /// A `Sendable` handle that interrupts this connection's running statement from anywhere.
  public var interruptHandle: InterruptHandle { handle.interruptHandle }

  /// Interrupts the running statement (see ``InterruptHandle``).
  public func interrupt() { handle.interruptHandle.interrupt() }

  // MARK: State

  /// The rowid of the most recent successful `INSERT`.
  public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle.liveDB) }

  /// Rows changed by the most recent `INSERT`, `UPDATE` or `DELETE`.
  public var changes: Int { Int(sqlite3_changes64(handle.liveDB)) }

  /// Rows changed since the connection opened.
  public var totalChanges: Int { Int(sqlite3_total_changes64(handle.liveDB)) }

  /// Whether the connection is in autocommit mode (no transaction open).
  public var isAutocommit: Bool { sqlite3_get_autocommit(handle.liveDB) != 0 }

  /// Whether a transaction is open.
  public var isInsideTransaction: Bool { !isAutocommit }

  /// Whether the main database (or `database`) is read-only; `nil` if there is no such database.
  public func isReadOnly(database: String = "main") -> Bool? {
    switch sqlite3_db_readonly(handle.liveDB, database) {
    case 1: true
    case 0: false
    default: nil
    }
  }

  /// The file name of an attached database; empty for in-memory and temporary databases.
  public func fileName(database: String = "main") -> String? {
    sqlite3_db_filename(handle.liveDB, database).map { String(cString: $0) }
  }

  /// Sets how long a statement waits for a lock before failing with `SQLITE_BUSY`.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/busy_timeout.html>
  public func setBusyTimeout(milliseconds: Int32) {
    sqlite3_busy_timeout(handle.liveDB, milliseconds)
  }

  /// The value of a run-time limit (`sqlite3_limit`), after setting it when `newValue` is given.
  @discardableResult
  public func limit(_ id: Int32, _ newValue: Int32 = -1) -> Int32 {
    sqlite3_limit(handle.liveDB, id, newValue)
  }

  /// The version of the SQLite library, such as `3.40.1`.
  public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }

  /// The SQLite source identifier (date, time and hash of the check-in).
  public static var sqliteSourceID: String { String(cString: sqlite3_sourceid()) }

  /// Every keyword the SQLite library knows, upper case (`sqlite3_keyword_name`).
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/keyword_check.html>
  public static let sqlKeywords: [String] = (0..<sqlite3_keyword_count()).compactMap { index in
    var name: UnsafePointer<CChar>?
    var length: Int32 = 0
    guard sqlite3_keyword_name(index, &name, &length) == SQLITE_OK, let name else { return nil }
    return name.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
      String(decoding: UnsafeBufferPointer(start: $0, count: Int(length)), as: UTF8.self)
    }
  }

  /// Whether `sql` ends with a complete statement (`sqlite3_complete`).
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/complete.html>
  public static func isComplete(_ sql: String) -> Bool { sqlite3_complete(sql) != 0 }

  /// Whether `sql` ends with a complete statement, its bytes read as they are.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/complete.html>
  public static func isComplete(_ sql: SQLText) -> Bool {
    sql.withCString { sqlite3_complete($0) } != 0
  }
}
