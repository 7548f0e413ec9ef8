import CSQLite

extension Connection {
  /// Applies a changeset or patchset (from ``Session/changeset()`` or ``Session/patchset()``)
  /// to this connection's databases, in one transaction.
  ///
  /// The first conflict (a row that is missing, differs, or already exists, or a constraint
  /// that fails) aborts the whole apply and rolls every change of it back.
  /// - Throws: ``SQLiteError``: `SQLITE_ABORT` after a conflict, or why SQLite refused.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/session/sqlite3changeset_apply.html>
  public func apply(changeset: [UInt8]) throws(SQLiteError) {
    try handle.checkOpen()
    var bytes = changeset
    let rc = bytes.withUnsafeMutableBytes { buffer in
      sqlite3changeset_apply(
        handle.db, Int32(buffer.count), buffer.baseAddress, nil,
        { _, _, _ in SQLITE_CHANGESET_ABORT }, nil)
    }
    guard rc == SQLITE_OK else { throw handle.error(rc) }
  }
}
