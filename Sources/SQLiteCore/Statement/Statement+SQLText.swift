import CSQLite

extension Statement {
  /// Calls `body` with the statement's SQL text as SQLite holds it: NUL-terminated UTF-8,
  /// neither copied nor measured.
  ///
  /// For a glance at the first words of every statement (the shell looks for `BEGIN`,
  /// `COMMIT` and the like) without making a `String` of each; ``sql`` makes one.
  /// The pointer is valid only during `body`.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/expanded_sql.html>
  public func withSQLText<R>(_ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R? {
    guard let text = sqlite3_sql(live) else { return nil }
    return try body(text)
  }
}
