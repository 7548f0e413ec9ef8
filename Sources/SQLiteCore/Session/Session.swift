import CSQLite

/// A change-recording session: records the rows that statements on a connection insert, update
/// and delete, and hands them back as a changeset or a patchset that
/// ``Connection/apply(changeset:)`` replays on another database.
///
/// ```swift
/// let session = try Session(on: connection)
/// try session.attach()                     // every table
/// try connection.execute("INSERT INTO t VALUES (1, 'one')")
/// let changes = try session.changeset()
/// try replica.apply(changeset: changes)
/// ```
///
/// A session belongs to its connection: use it where the connection is used. Closing the
/// connection closes its sessions first, as SQLite requires; a closed session records nothing,
/// and using one is a programmer error.
///
/// Related SQLite documentation: <https://www.sqlite.org/sessionintro.html>
public final class Session {
  private var pointer: OpaquePointer?
  private let handle: ConnectionHandle
  private var filterBox: CallbackBox<(String) -> Bool>?

  /// Starts a session that records changes to the tables of `database` of `connection`.
  ///
  /// SQLite does not check that `database` exists: a session on a name that is not attached
  /// simply records nothing.
  /// - Throws: ``SQLiteError`` when the connection is closed or the session cannot be created.
  public init(on connection: Connection, database: String = "main") throws(SQLiteError) {
    handle = connection.handle
    try handle.checkOpen()
    var created: OpaquePointer?
    let rc = sqlite3session_create(handle.db, database, &created)
    guard rc == SQLITE_OK, let created else {
      throw SQLiteError(
        code: ResultCode(rawValue: rc), message: String(cString: sqlite3_errstr(rc)))
    }
    pointer = created
    handle.openSessions[ObjectIdentifier(self)] = { [weak self] in self?.close() }
  }

  deinit {
    if let pointer { sqlite3session_delete(pointer) }
    handle.openSessions[ObjectIdentifier(self)] = nil
  }

  /// Whether ``close()`` has run (or the connection closed).
  public var isClosed: Bool { pointer == nil }

  /// Ends the session; closing twice does nothing.
  public func close() {
    guard let pointer else { return }
    sqlite3session_delete(pointer)
    self.pointer = nil
    filterBox = nil
    handle.openSessions[ObjectIdentifier(self)] = nil
  }

  private var live: OpaquePointer {
    guard let pointer else { preconditionFailure("SQLiteCore: the session is closed") }
    return pointer
  }

  /// Records changes to `table`, or with `nil` to every table (those the filter accepts).
  ///
  /// A table without a primary key is attached but records nothing.
  /// - Throws: ``SQLiteError`` when SQLite refuses (out of memory).
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/session/sqlite3session_attach.html>
  public func attach(_ table: String? = nil) throws(SQLiteError) {
    let rc = sqlite3session_attach(live, table)
    guard rc == SQLITE_OK else { throw Self.error(rc) }
  }

  /// Records every table `isIncluded` accepts, asked once per table at its first change.
  ///
  /// Setting a filter turns on recording of every table, as ``attach(_:)`` with `nil` does;
  /// tables attached by name are recorded whatever the filter says.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/session/sqlite3session_table_filter.html>
  public func setTableFilter(_ isIncluded: @escaping (String) -> Bool) {
    let box = CallbackBox(isIncluded)
    filterBox = box
    let context = Unmanaged.passUnretained(box).toOpaque()
    sqlite3session_table_filter(
      live,
      { context, table in
        guard let context, let table else { return 0 }
        let box = Unmanaged<CallbackBox<(String) -> Bool>>.fromOpaque(context)
          .takeUnretainedValue()
        return box.function(String(cString: table)) ? 1 : 0
      }, context)
  }

  /// Whether the session records changes (a new session does).
  public var isEnabled: Bool {
    get { sqlite3session_enable(live, -1) != 0 }
    set { sqlite3session_enable(live, newValue ? 1 : 0) }
  }

  /// Whether the changes recorded from now on are marked indirect.
  public var isIndirect: Bool {
    get { sqlite3session_indirect(live, -1) != 0 }
    set { sqlite3session_indirect(live, newValue ? 1 : 0) }
  }

  /// Whether the session has recorded no change.
  public var isEmpty: Bool { sqlite3session_isempty(live) != 0 }

  /// The changes recorded so far as a changeset (old and new values of each changed row).
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/session/sqlite3session_changeset.html>
  public func changeset() throws(SQLiteError) -> [UInt8] {
    try collect(sqlite3session_changeset)
  }

  /// The changes recorded so far as a patchset (a smaller changeset: keys and new values).
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/session/sqlite3session_patchset.html>
  public func patchset() throws(SQLiteError) -> [UInt8] {
    try collect(sqlite3session_patchset)
  }

  private func collect(
    _ function: (
      OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> Int32
  ) throws(SQLiteError) -> [UInt8] {
    var size: Int32 = 0
    var buffer: UnsafeMutableRawPointer?
    let rc = function(live, &size, &buffer)
    defer { sqlite3_free(buffer) }
    guard rc == SQLITE_OK else { throw Self.error(rc) }
    guard let buffer, size > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: buffer, count: Int(size)))
  }

  static func error(_ rc: Int32) -> SQLiteError {
    SQLiteError(code: ResultCode(rawValue: rc), message: String(cString: sqlite3_errstr(rc)))
  }
}
