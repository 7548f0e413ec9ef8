import CSQLite

extension Connection {
  /// Runs `sql` if it is exactly one statement (only comments or spaces may follow it) and
  /// reports whether it prepared and its first step succeeded; nothing runs otherwise.
  ///
  /// `.recover` copies a schema entry into its script only when this succeeds, so that a
  /// second statement after the entry's own does not run there.
  package func runIfSingleStatement(_ sql: String) -> Bool {
    let db = handle.liveDB
    var statement: OpaquePointer?
    var tail: UnsafePointer<CChar>?
    let isPrepared = sql.withCString { text in
      guard sqlite3_prepare_v2(db, text, -1, &statement, &tail) == SQLITE_OK,
        statement != nil, let tail
      else { return false }
      var next: OpaquePointer?
      let rc = sqlite3_prepare_v2(db, tail, -1, &next, nil)
      defer { sqlite3_finalize(next) }
      return rc == SQLITE_OK && next == nil
    }
    defer { sqlite3_finalize(statement) }
    guard isPrepared else { return false }
    let rc = sqlite3_step(statement)
    return rc == SQLITE_DONE || rc == SQLITE_ROW
  }
}
