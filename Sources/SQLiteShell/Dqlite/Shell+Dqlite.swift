import DqliteClient
import SQLiteCore

/// Running SQL on a dqlite cluster (`litesh dqlite://HOST:PORT,…/NAME`).
///
/// The shell splits the input into statements as it does for a file; each goes to the leader
/// as one PREPARE and one QUERY or EXEC, and rows come back through the same formatters
/// (`ResultWriter`) as a local statement's.
extension Shell {
  /// Whether the database argument names a dqlite cluster.
  package var isDqlite: Bool { state.namesDqliteCluster }

  /// The dqlite session, made on first use; `nil` (after a message) when the address is bad.
  func dqliteSession() -> DqliteSession? {
    if let dqlite = connections.dqlite { return dqlite }
    switch DqliteAddress.parse(state.databasePath) {
    case .success(let address):
      let session = DqliteSession(address: address)
      connections.dqlite = session
      return session
    case .failure(let error):
      reportDqlite(error.sqliteError, phase: .prepare, line: nil)
      return nil
    }
  }

  /// Runs a chunk of SQL on the cluster; `false` after an error (reported).
  func runSQLOnDqlite(_ sql: SQLText, line: Int?) -> Bool {
    guard let session = dqliteSession() else { return false }
    let timer = state.timer ? RunTimer() : nil
    defer { if let timer { standardOutput.write(timer.report()) } }
    for statement in StatementSplitter.split(sql.string) {
      if let failure = runOnDqlite(statement, session: session) {
        reportDqlite(failure.error, phase: failure.phase, line: line)
        return false
      }
    }
    if state.countChanges { writeDqliteChanges(session) }
    return true
  }

  /// `.changes on`: the leader's own counts for this client's connection, as sqlite3 prints
  /// a file's (`total_changes` counts trigger changes too, so it is asked, not summed here).
  private func writeDqliteChanges(_ session: DqliteSession) {
    guard case .rows(let rows)? = try? session.execute("SELECT changes(), total_changes()"),
      (try? rows.step()) == true
    else { return }
    let changes = rows.int64(at: 0)
    let total = rows.int64(at: 1)
    try? rows.discard()
    output.write("changes: \(changes)   total_changes: \(total)\n")
  }

  /// `.timeout MS` on a cluster: the busy timeout of this client's connection on the leader.
  func setDqliteBusyTimeout(_ milliseconds: Int64) -> DotCommand.Outcome {
    guard let session = dqliteSession() else { return .failure }
    // The form without `=` goes as a QUERY: the pragma answers with a row, which EXEC refuses.
    let sql = "PRAGMA busy_timeout(\(Int32(truncatingIfNeeded: milliseconds)))"
    do {
      try DqliteSchemaSource(session: session).run(sql)
    } catch {
      reportDqlite(error, phase: .step, line: nil)
      return .failure
    }
    state.busyTimeout = Int32(truncatingIfNeeded: milliseconds)
    return .success
  }

  /// Where `.parameter` keeps its values: the local connection, or on a cluster an in-memory
  /// database of the shell's own (the values are looked up by name here and sent by position).
  func parameterStore() -> Connection? {
    guard isDqlite else { return openDatabase() }
    if let dqliteParameters = connections.dqliteParameters { return dqliteParameters }
    connections.dqliteParameters = try? Connection(path: ":memory:")
    return connections.dqliteParameters
  }

  /// Runs one statement; the failure and its phase, or `nil`.
  private func runOnDqlite(_ sql: String, session: DqliteSession) -> Failure? {
    if state.queryPlan != .off && DqliteRows.explainKind(of: sql) == 0 {
      showDqliteQueryPlan(of: sql, session: session)
    }
    prepareOutputForStatement()
    let outcome: DqliteSession.Outcome
    let parameters =
      connections.dqliteParameters.map {
        ParameterBinding.values(for: ParameterNames.names(in: sql), from: $0)
      } ?? []
    do {
      outcome = try session.execute(sql, parameters: parameters)
    } catch {
      transactions.reconcile(isInsideTransaction: session.isInsideTransaction)
      return Failure(error: error.sqliteError, phase: error.duringPrepare ? .prepare : .step)
    }
    switch outcome {
    case .rows(let rows):
      do {
        let columns = try writeResult(rows, to: output)
        state.style.lengthenColumnWidths(to: columns)
      } catch {
        transactions.reconcile(isInsideTransaction: session.isInsideTransaction)
        return Failure(error: error, phase: .step)
      }
    case .done: break
    }
    transactions.apply(
      TransactionStatement(sql: sql), isInsideTransaction: session.isInsideTransaction)
    return nil
  }

  /// `.eqp on|full` on a cluster: the leader's plan (and for `full` its bytecode) first.
  ///
  /// Plans of triggers (`.eqp trigger`) need a setting of the leader's connection that the
  /// wire protocol cannot change: only the statement's own plan is shown.
  private func showDqliteQueryPlan(of sql: String, session: DqliteSession) {
    let source = DqliteSchemaSource(session: session)
    guard let rows = try? source.rows("EXPLAIN QUERY PLAN " + sql, []) else { return }
    try? QueryPlanRenderer.writePlan(of: rows, to: output)
    if state.queryPlan == .full, let bytecode = try? source.rows("EXPLAIN " + sql, []) {
      try? ResultWriter.writeExplain(bytecode, style: state.style, to: output)
    }
  }

  private func reportDqlite(_ error: SQLiteError, phase: ErrorText.Phase, line: Int?) {
    output.flush()
    standardOutput.flush()
    errors.write(ErrorText.scriptLine(error, phase: phase, line: line))
    errors.flush()
  }

  /// A dot-command that needs a local file, on a cluster: one clear line, and an error.
  func refuseOnDqlite(_ command: String) {
    output.flush()
    errors.write(
      "Error: \(command) needs a local SQLite file; litesh is connected to dqlite"
        + " (\(state.databasePath)): use SQL instead\n")
    errors.flush()
  }
}

extension Shell {
  /// Leaving with a transaction open on the cluster: ROLLBACK and the same warning as a file's.
  func rollBackLeftDqliteTransaction(_ reason: LeaveReason) -> Bool {
    guard let dqlite = connections.dqlite, dqlite.isInsideTransaction else {
      transactions = TransactionTracker()
      return false
    }
    _ = try? dqlite.execute("ROLLBACK")
    transactions = TransactionTracker()
    output.flush()
    standardOutput.flush()
    errors.write(
      "litesh: warning: transaction open \(reason.phrase) was rolled back; nothing was committed\n")
    errors.flush()
    return true
  }
}
