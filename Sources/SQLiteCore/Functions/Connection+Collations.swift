extension Connection {
  /// Registers a collating sequence: `ORDER BY x COLLATE name`, `x = y COLLATE name`, and
  /// columns and indexes declared with it compare text through `compare`.
  ///
  /// `compare` returns a negative number when the first text sorts before the second, zero when
  /// they are equal, and a positive number after. It must be a total order that never changes
  /// while an index uses it, or the index is corrupt in SQLite's eyes. It runs inside
  /// `sqlite3_step` and must not use this connection. Text that is not valid UTF-8 reaches it
  /// with U+FFFD in place of the bad bytes.
  ///
  /// ```swift
  /// try db.createCollation("length") { $0.utf8.count - $1.utf8.count }
  /// ```
  ///
  /// Registering a name again replaces the sequence. Related SQLite documentation:
  /// <https://www.sqlite.org/c3ref/create_collation.html>
  public func createCollation(
    _ name: String, _ compare: @escaping (String, String) -> Int
  ) throws(SQLiteError) {
    try createCollation(
      name,
      bytes: { left, right in
        compare(String(decoding: left, as: UTF8.self), String(decoding: right, as: UTF8.self))
      })
  }

  /// Registers a collating sequence that compares the UTF-8 bytes of the two texts, with no
  /// `String` made per comparison: the fast form of ``createCollation(_:_:)``.
  ///
  /// The buffers are valid only during the call.
  public func createCollation(
    _ name: String,
    bytes compare: @escaping (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Int
  ) throws(SQLiteError) {
    try FunctionRegistration(self).collation(name, compare)
  }
}
