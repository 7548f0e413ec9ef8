import CSQLite

extension FunctionContext {
  /// In a virtual table's `xColumn` during an `UPDATE`: whether the column is one the statement
  /// leaves unchanged, so its value need not be computed (`sqlite3_vtab_nochange`).
  package var isUnchangedColumn: Bool { sqlite3_vtab_nochange(raw) != 0 }
}
