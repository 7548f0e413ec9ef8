import CSQLite

extension Connection {
  /// Turns loading of extension libraries on or off, for both ``loadExtension(_:entryPoint:)``
  /// and the SQL function `load_extension()`.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/enable_load_extension.html>
  public func setExtensionLoading(enabled: Bool) throws(SQLiteError) {
    try handle.checkOpen()
    let rc = sqlite3_enable_load_extension(handle.db, enabled ? 1 : 0)
    guard rc == SQLITE_OK else { throw handle.error(rc) }
  }

  /// Loads an extension library into this connection.
  ///
  /// `file` is tried as given and then with the platform's library suffix; without
  /// `entryPoint` SQLite derives the name `sqlite3_X_init` from the file name.
  /// Loading must have been enabled with ``setExtensionLoading(enabled:)``.
  /// - Throws: ``SQLiteError`` with SQLite's message (such as the loader's `dlopen` error).
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/load_extension.html>
  public func loadExtension(_ file: String, entryPoint: String? = nil) throws(SQLiteError) {
    try handle.checkOpen()
    var message: UnsafeMutablePointer<CChar>?
    let rc = sqlite3_load_extension(handle.db, file, entryPoint, &message)
    guard rc != SQLITE_OK else { return }
    let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
    sqlite3_free(message)
    throw SQLiteError(code: ResultCode(rawValue: rc), message: text)
  }
}
