import CSQLite

extension Value {
  /// The contents of an `sqlite3_value`: a column of the current row
  /// (`sqlite3_column_value`) or an argument of a custom function.
  ///
  /// Reading a column through one `sqlite3_column_value` and then the value's type and
  /// contents costs one column lookup (with its mutex and error bookkeeping) where
  /// `sqlite3_column_type` followed by `sqlite3_column_int64`/`_text`/`_bytes` costs two or
  /// three. The column's value is unprotected, which is safe here: a statement is used only
  /// on its connection's thread. Text is read as ``Statement/string(at:)`` reads it; a blob
  /// with no bytes is an empty blob, never `NULL`.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/value_blob.html>
  init(sqliteValue value: OpaquePointer?) {
    guard let value else {
      self = .null
      return
    }
    switch sqlite3_value_type(value) {
    case SQLITE_INTEGER:
      self = .integer(sqlite3_value_int64(value))
    case SQLITE_FLOAT:
      self = .real(sqlite3_value_double(value))
    case SQLITE_TEXT:
      let bytes = sqlite3_value_text(value)
      let count = Int(sqlite3_value_bytes(value))
      self = .text(String(textBytes: UnsafeBufferPointer(start: bytes, count: count)))
    case SQLITE_BLOB:
      let bytes = sqlite3_value_blob(value)
      let count = Int(sqlite3_value_bytes(value))
      guard let bytes, count > 0 else {
        self = .blob([])
        return
      }
      self = .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
    default:
      self = .null
    }
  }
}
