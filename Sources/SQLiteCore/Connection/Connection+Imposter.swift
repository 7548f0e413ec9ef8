import CSQLite

/// Imposter tables: a `WITHOUT ROWID` table laid over an index's (or another table's) b-tree,
/// so its entries read as rows. For testing and repair only: writing through an imposter
/// corrupts the index under it.
///
/// Related SQLite documentation: <https://www.sqlite.org/imposter.html>
extension Connection {
  /// Makes the next `CREATE TABLE` in `database` an imposter over the b-tree at `rootPage`
  /// instead of a new table (`SQLITE_TESTCTRL_IMPOSTER`); ``endImposterCreation(database:)``
  /// must follow the `CREATE TABLE`.
  /// - Throws: ``SQLiteError`` with the code `sqlite3_test_control` returned.
  public func beginImposterCreation(database: String = "main", rootPage: Int32)
    throws(SQLiteError)
  {
    let rc = csqlite_test_control_imposter(handle.liveDB, database, 1, rootPage)
    guard rc == SQLITE_OK else {
      throw SQLiteError(
        code: ResultCode(rawValue: rc), message: String(cString: sqlite3_errstr(rc)))
    }
  }

  /// Ends imposter mode: later `CREATE TABLE`s make real tables again.
  public func endImposterCreation(database: String = "main") {
    _ = csqlite_test_control_imposter(handle.liveDB, database, 0, 0)
  }

  /// Ends imposter mode and rereads the schema, which drops every imposter table.
  public func removeImposters(database: String = "main") {
    _ = csqlite_test_control_imposter(handle.liveDB, database, 0, 1)
  }
}
