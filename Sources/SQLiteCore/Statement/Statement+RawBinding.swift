import CSQLite

/// Binding without building a ``Value``: for bulk loaders that bind millions of fields.
extension Statement {
  /// Binds UTF-8 bytes as text at `index` (from 1); SQLite copies them.
  ///
  /// An empty buffer binds the empty string, not `NULL`. Unlike ``bind(_:at:)`` this makes no
  /// Swift `String`, so a loader can bind straight from its read buffer.
  /// - Throws: ``SQLiteError`` when the index is out of range or the text is too large.
  @inline(__always)
  public func bindText(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) throws(SQLiteError) {
    let rc: Int32
    if let base = bytes.baseAddress, bytes.count > 0 {
      rc = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
        sqlite3_bind_text(handle, Int32(index), $0, Int32(bytes.count), csqlite_transient())
      }
    } else {
      rc = sqlite3_bind_text(handle, Int32(index), "", 0, csqlite_static())
    }
    guard rc == SQLITE_OK else { throw owner.error(rc, sql: sql) }
  }

  /// Binds column `column` (from 0) of `source`'s current row at `index` (from 1), exactly:
  /// its type, and text bytes as stored even when they are not valid UTF-8
  /// (`sqlite3_bind_value` of `sqlite3_column_value`).
  ///
  /// - Throws: ``SQLiteError`` when the index is out of range.
  public func bind(column: Int, of source: Statement, at index: Int) throws(SQLiteError) {
    let rc = sqlite3_bind_value(
      handle, Int32(index), sqlite3_column_value(source.handle, Int32(column)))
    guard rc == SQLITE_OK else { throw owner.error(rc, sql: sql) }
  }

  /// Binds `NULL` at `index` (from 1).
  @inline(__always)
  public func bindNull(at index: Int) {
    sqlite3_bind_null(handle, Int32(index))
  }

  /// Steps an `INSERT`-like statement once and resets it, keeping its bindings.
  ///
  /// - Throws: ``SQLiteError`` when the step fails; the statement is reset either way.
  @inline(__always)
  public func stepOnceAndReset() throws(SQLiteError) {
    let rc = sqlite3_step(handle)
    if rc == SQLITE_ROW || rc == SQLITE_DONE {
      sqlite3_reset(handle)
      return
    }
    let error = owner.stepError(rc, of: handle, sql: sql)
    sqlite3_reset(handle)
    throw error
  }
}
