import CSQLite

// Binding straight from Swift values: no `Value` in between for the common types.

extension ValueConvertible {
  /// Binds ``sqliteValue``.
  public func bind(to statement: Statement, at index: Int) throws(SQLiteError) {
    try statement.bind(sqliteValue, at: index)
  }
}

extension Int64 {
  /// Binds an integer (`sqlite3_bind_int64`).
  public func bind(to statement: Statement, at index: Int) throws(SQLiteError) {
    try statement.checkOpen()
    try statement.checkBind(sqlite3_bind_int64(statement.handle, Int32(index), self), at: index)
  }
}

extension Int {
  /// Binds an integer (`sqlite3_bind_int64`).
  public func bind(to statement: Statement, at index: Int) throws(SQLiteError) {
    try Int64(self).bind(to: statement, at: index)
  }
}

extension Double {
  /// Binds a real (`sqlite3_bind_double`).
  public func bind(to statement: Statement, at index: Int) throws(SQLiteError) {
    try statement.checkOpen()
    try statement.checkBind(sqlite3_bind_double(statement.handle, Int32(index), self), at: index)
  }
}

extension String {
  /// Binds text (`sqlite3_bind_text`, copied by SQLite), reading the string's UTF-8 in place.
  public func bind(to statement: Statement, at index: Int) throws(SQLiteError) {
    try statement.checkOpen()
    var text = self
    let handle = statement.handle
    let position = Int32(index)
    let rc = text.withUTF8 { bytes in
      // An empty buffer may have no base address: bind a real empty string, not NULL.
      guard let base = bytes.baseAddress else {
        return sqlite3_bind_text(handle, position, "", 0, csqlite_static())
      }
      return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
        sqlite3_bind_text(handle, position, $0, Int32(bytes.count), csqlite_transient())
      }
    }
    try statement.checkBind(rc, at: index)
  }
}
