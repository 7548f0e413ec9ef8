import CSQLite

/// Owns one `sqlite3*` and knows whether it is closed.
///
/// Statements keep their handle alive (not the `Connection`), so the statement cache inside a
/// connection creates no reference cycle, and a statement that outlives its connection's
/// `close()` reports misuse instead of touching freed memory.
@usableFromInline
final class ConnectionHandle {
  let db: OpaquePointer
  /// Read by ``Statement``'s inlinable column accessors.
  @usableFromInline private(set) var isClosed = false
  let interruptHandle: InterruptHandle
  /// Retained boxes for callbacks whose lifetime SQLite does not manage (trace, progress).
  var traceBox: AnyObject?
  var progressBox: CallbackBox<() -> Bool>?
  var authorizerBox: CallbackBox<(AuthorizationRequest) -> AuthorizerDecision>?
  /// The tables the statements prepared during an observed fetch read (pool observation).
  var readTracking = ReadTracking()
  /// The row-change, commit and rollback hooks' closures.
  var hookBoxes = HookBoxes()
  /// How to close each ``Session`` still open on this connection: `close()` closes them first,
  /// since SQLite requires a session to be deleted before its connection.
  var openSessions: [ObjectIdentifier: () -> Void] = [:]
  /// The statements this library prepared and has not finalized yet.
  ///
  /// `close()` finalizes exactly these: a loop over `sqlite3_next_stmt` would also finalize the
  /// statements virtual tables (fts5) own, and they would then be finalized twice.
  /// A list linked through the statements themselves (``Statement/previousLive``,
  /// ``Statement/nextLive``), unretained: a statement unlinks itself in `deinit`. Linking costs
  /// no hashing and no allocation per statement, and no generic metadata at start-up.
  var firstLiveStatement: Unmanaged<Statement>?
  /// How many ``Blob`` handles are open.
  ///
  /// While one is, `sqlite3_close_v2` leaves the connection a zombie whose hooks still run
  /// (closing the blob commits its write), so `close()` keeps the hooks' closures until the
  /// handle itself goes.
  var openBlobs = 0

  init(db: OpaquePointer) {
    self.db = db
    interruptHandle = InterruptHandle(db: db)
  }

  /// Finalizes every statement this library prepared, then closes the connection.
  ///
  /// Once the statements are finalized the handle counts as closed whatever happens next, so
  /// no ``Statement`` finalizes its handle a second time. `sqlite3_close_v2` defers the actual
  /// close while SQLite still holds a resource (an unfinished backup or blob handle).
  func close() throws(SQLiteError) {
    guard !isClosed else { return }
    interruptHandle.invalidate()
    for closeSession in openSessions.values { closeSession() }
    openSessions = [:]
    var next = firstLiveStatement
    while let current = next?.takeUnretainedValue() {
      next = current.nextLive
      current.keepSQL()
      sqlite3_finalize(current.handle)
    }
    firstLiveStatement = nil
    isClosed = true
    let rc = sqlite3_close_v2(db)
    traceBox = nil
    progressBox = nil
    authorizerBox = nil
    if openBlobs == 0 { hookBoxes = HookBoxes() }
    guard rc == SQLITE_OK else {
      throw SQLiteError(
        code: ResultCode(rawValue: rc), message: String(cString: sqlite3_errstr(rc)))
    }
  }

  /// Adds a statement just prepared to the live list.
  func link(_ statement: Statement) {
    let reference = Unmanaged.passUnretained(statement)
    statement.nextLive = firstLiveStatement
    firstLiveStatement?.takeUnretainedValue().previousLive = reference
    firstLiveStatement = reference
  }

  /// Removes a statement about to be finalized from the live list.
  func unlink(_ statement: Statement) {
    let previous = statement.previousLive
    let next = statement.nextLive
    if let previous {
      previous.takeUnretainedValue().nextLive = next
    } else {
      firstLiveStatement = next
    }
    next?.takeUnretainedValue().previousLive = previous
  }

  deinit {
    if !isClosed {
      try? close()
    }
  }

  /// The `sqlite3*` for calls that cannot throw: using a closed connection there is a
  /// programmer error and traps instead of touching freed memory.
  var liveDB: OpaquePointer {
    precondition(!isClosed, "SQLiteCore: the connection is closed")
    return db
  }

  /// Throws a misuse error when the connection is closed.
  @inline(__always)
  func checkOpen(sql: String? = nil) throws(SQLiteError) {
    if isClosed { throw SQLiteError.misuse("the connection is closed", sql: sql) }
  }

  /// The error for a failed step of `statement`, which SQLite has halted but not reset.
  ///
  /// A statement that writes and fails on a pool's writer tells its change observation
  /// (``ChangeObservation/statementFailed()``): SQLite rolled back the rows the update hook had
  /// reported, and never counts them.
  func stepError(_ rc: Int32, of statement: OpaquePointer, sql: String) -> SQLiteError {
    if let observation = hookBoxes.walCommit, sqlite3_stmt_readonly(statement) == 0 {
      observation.statementFailed()
    }
    return error(rc, sql: sql)
  }

  /// The error for a failed call, with the connection's current message.
  func error(_ rc: Int32, sql: String? = nil, withOffset: Bool = false) -> SQLiteError {
    let raw = sqlite3_errmsg(db)
    let message = raw.flatMap { String(validatingCString: $0) }
    var offset: Int?
    if withOffset {
      let value = sqlite3_error_offset(db)
      offset = value >= 0 ? Int(value) : nil
    }
    var error = SQLiteError(
      code: ResultCode(rawValue: rc), message: message ?? raw.map { String(cString: $0) } ?? "",
      sql: sql, offset: offset)
    if message == nil, let raw { error.messageBytes = Array(SQLText(cString: raw).bytes) }
    return error
  }
}

/// A retained Swift closure handed to C as `void *`.
final class CallbackBox<F> {
  let function: F
  init(_ function: F) { self.function = function }
}
