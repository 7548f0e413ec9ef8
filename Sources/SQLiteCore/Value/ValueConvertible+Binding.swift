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
    try statement.bind(at: index) { sqlite3_bind_int64($0, $1, self) }
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
    try statement.bind(at: index) { sqlite3_bind_double($0, $1, self) }
  }
}

extension String {
  /// Binds text (`sqlite3_bind_text`, copied by SQLite), reading the string's UTF-8 in place.
  public func bind(to statement: Statement, at index: Int) throws(SQLiteError) {
    var text = self
    try statement.bind(at: index) { Statement.bindText(&text, $0, $1) }
  }
}
