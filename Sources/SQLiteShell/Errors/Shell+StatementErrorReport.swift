import SQLiteCore

extension Shell {
  /// The report for an error in a statement a person typed at the prompt, or `nil` when
  /// sqlite3's wording is due: for a program (scripts, pipes, `-interactive` on a pipe), and
  /// when the report would locate nothing.
  func personReport(of failure: Failure, on connection: Connection) -> StatementErrorReport? {
    guard state.isInteractive, state.audience.isPerson else { return nil }
    let report = StatementErrorReport(
      error: failure.error, phase: failure.phase, sql: failure.sql, connection: connection)
    return report.locatesError ? report : nil
  }
}
