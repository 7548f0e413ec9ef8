import CSQLite

extension Connection {
  /// Calls `body` with the connection's raw `sqlite3 *` handle, for C APIs SQLiteCore does not wrap.
  ///
  /// This is an escape hatch for extensions that must talk to SQLite directly (virtual table
  /// modules, collations, functions that need `sqlite3_context`). The pointer is valid only
  /// inside `body` and only while the connection is open; do not close it, and do not keep it.
  /// Whatever `body` registers on the handle lives until the connection closes.
  ///
  /// - Precondition: the connection is open.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/sqlite3.html>
  public func withUnsafeHandle<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
    precondition(!handle.isClosed, "withUnsafeHandle on a closed connection")
    return try body(handle.db)
  }
}
