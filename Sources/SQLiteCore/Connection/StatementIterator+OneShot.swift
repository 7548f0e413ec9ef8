import CSQLite

extension StatementIterator {
  /// What ``StatementIterator/nextRunningAtOnce(unless:)`` did with the next statement.
  public enum OneShotStep {
    /// Prepared, not stepped: it has result columns or parameters, so the caller runs it.
    case prepared(Statement)
    /// Stepped to its end and finalized.
    case ran
    /// Stepping failed with this error (its ``SQLiteError/sql`` is the statement's text); the
    /// statement is finalized.
    case failed(SQLiteError)
    /// The check before stepping said stop: the statement was finalized unstepped.
    case stopped
    /// Only white space and comments were left.
    case end
  }

  /// Prepares the next statement as ``next()`` does; one without result columns or parameters
  /// is stepped to its end and finalized at once, with no ``Statement`` object.
  ///
  /// A script's INSERT, UPDATE or CREATE runs once and is finalized: making, tracking and
  /// releasing an object for it cost about a fifth of the shell's own work per statement.
  /// ``statementStart`` and ``offset`` then delimit the statement that ran.
  ///
  /// - Parameter shouldStop: asked after preparing, before the first step.
  /// - Returns: what was done with the statement, or ``OneShotStep/end`` when none is left.
  /// - Throws: ``SQLiteError`` when preparing fails, as ``next()`` throws it.
  public mutating func nextRunningAtOnce(
    unless shouldStop: () -> Bool
  ) throws(SQLiteError) -> OneShotStep {
    guard let prepared = try prepareNext() else { return .end }
    if sqlite3_column_count(prepared) != 0 || sqlite3_bind_parameter_count(prepared) != 0 {
      return .prepared(Statement(handle: prepared, owner: connection.handle))
    }
    defer { sqlite3_finalize(prepared) }
    if shouldStop() { return .stopped }
    var rc = sqlite3_step(prepared)
    while rc == SQLITE_ROW { rc = sqlite3_step(prepared) }
    guard rc == SQLITE_DONE else {
      let sql = sqlite3_sql(prepared).map { String(cString: $0) } ?? ""
      let error = connection.handle.stepError(rc, of: prepared, sql: sql)
      sqlite3_reset(prepared)
      return .failed(error)
    }
    return .ran
  }
}
