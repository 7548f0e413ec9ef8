import CSQLite

/// Schema questions and configuration switches that tools (dump, import, the shell) need.
extension Connection {
  /// Whether `table` has a column (or rowid alias) named `column` in `database`.
  ///
  /// `database` `nil` searches every attached database, as SQLite does. The names `rowid`,
  /// `oid` and `_rowid_` are found on every rowid table that has no column of that name.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/table_column_metadata.html>
  public func hasColumn(_ column: String, inTable table: String, database: String? = nil)
    -> Bool
  {
    sqlite3_table_column_metadata(handle.db, database, table, column, nil, nil, nil, nil, nil)
      == SQLITE_OK
  }

  /// Whether `database` (every attached database when `nil`) has a table named `table` (any
  /// case); a view does not count.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/table_column_metadata.html>
  public func hasTable(_ table: String, database: String? = nil) -> Bool {
    sqlite3_table_column_metadata(handle.liveDB, database, table, nil, nil, nil, nil, nil, nil)
      == SQLITE_OK
  }

  /// The declared collation of `column` in `table` (`BINARY` when none was declared), or `nil`
  /// when there is no such column.
  ///
  /// The name is as the schema spells it (`NoCase`); compare collation names ignoring case.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/table_column_metadata.html>
  public func collation(ofColumn column: String, inTable table: String, database: String? = nil)
    -> String?
  {
    var collation: UnsafePointer<CChar>?
    let rc = sqlite3_table_column_metadata(
      handle.liveDB, database, table, column, nil, &collation, nil, nil, nil)
    guard rc == SQLITE_OK else { return nil }
    return collation.map { String(cString: $0) } ?? "BINARY"
  }

  /// Runs `body` with `SQLITE_DBCONFIG_WRITABLE_SCHEMA` on and defensive mode off, then restores
  /// both: how the sqlite3 shell creates its own `temp.sqlite_parameters` table.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/c_dbconfig_defensive.html>
  public func withWritableSchema<R>(_ body: () throws -> R) rethrows -> R {
    var defensive: Int32 = 0
    var writable: Int32 = 0
    _ = csqlite_db_config_int(handle.db, SQLITE_DBCONFIG_DEFENSIVE, -1, &defensive)
    _ = csqlite_db_config_int(handle.db, SQLITE_DBCONFIG_DEFENSIVE, 0, nil)
    _ = csqlite_db_config_int(handle.db, SQLITE_DBCONFIG_WRITABLE_SCHEMA, -1, &writable)
    _ = csqlite_db_config_int(handle.db, SQLITE_DBCONFIG_WRITABLE_SCHEMA, 1, nil)
    defer {
      _ = csqlite_db_config_int(handle.db, SQLITE_DBCONFIG_WRITABLE_SCHEMA, writable, nil)
      _ = csqlite_db_config_int(handle.db, SQLITE_DBCONFIG_DEFENSIVE, defensive, nil)
    }
    return try body()
  }
}
