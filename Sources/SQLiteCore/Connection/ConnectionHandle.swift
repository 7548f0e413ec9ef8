import CSQLite

/// Owns one `sqlite3*` and knows whether it is closed.
///
/// Statements keep their handle alive (not the `Connection`), so the statement cache inside a
/// connection creates no reference cycle, and a statement that outlives its connection's
/// `close()` reports misuse instead of touching freed memory.
final class ConnectionHandle {
  let db: OpaquePointer
  private(set) var isClosed = false
  let interruptHandle: InterruptHandle
  /// Retained boxes for callbacks whose lifetime SQLite does not manage (trace, progress).
  var traceBox: CallbackBox<(String) -> Void>?
  var progressBox: CallbackBox<() -> Bool>?
  var authorizerBox: AnyObject?

  init(db: OpaquePointer) {
    self.db = db
    interruptHandle = InterruptHandle(db: db)
  }

  /// Finalizes every statement still open on the connection, then closes it.
  func close() throws(SQLiteError) {
    guard !isClosed else { return }
    interruptHandle.invalidate()
    while let statement = sqlite3_next_stmt(db, nil) {
      sqlite3_finalize(statement)
    }
    let rc = sqlite3_close(db)
    guard rc == SQLITE_OK else {
      throw SQLiteError(
        code: ResultCode(rawValue: rc), message: String(cString: sqlite3_errmsg(db)))
    }
    isClosed = true
    traceBox = nil
    progressBox = nil
    authorizerBox = nil
  }

  deinit {
    if !isClosed {
      try? close()
    }
  }

  /// Throws a misuse error when the connection is closed.
  @inline(__always)
  func checkOpen(sql: String? = nil) throws(SQLiteError) {
    if isClosed { throw SQLiteError.misuse("the connection is closed", sql: sql) }
  }

  /// The error for a failed call, with the connection's current message.
  func error(_ rc: Int32, sql: String? = nil, withOffset: Bool = false) -> SQLiteError {
    let message = String(cString: sqlite3_errmsg(db))
    var offset: Int?
    if withOffset {
      let value = sqlite3_error_offset(db)
      offset = value >= 0 ? Int(value) : nil
    }
    return SQLiteError(code: ResultCode(rawValue: rc), message: message, sql: sql, offset: offset)
  }
}

/// A retained Swift closure handed to C as `void *`.
final class CallbackBox<F> {
  let function: F
  init(_ function: F) { self.function = function }
}
