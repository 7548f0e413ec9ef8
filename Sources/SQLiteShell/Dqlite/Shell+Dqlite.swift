import DqliteClient
import SQLiteCore

/// Running SQL on a dqlite cluster (`litesh dqlite://HOST:PORT,…/NAME`).
///
/// The shell splits the input into statements as it does for a file; each goes to the leader
/// as one PREPARE and one QUERY or EXEC, and rows come back through the same formatters
/// (`ResultWriter`) as a local statement's.
extension Shell {
  /// Whether the database argument names a dqlite cluster.
  public var isDqlite: Bool { state.namesDqliteCluster }

  /// The dqlite session, made on first use; `nil` (after a message) when the address is bad.
  func dqliteSession() -> DqliteSession? {
    if let dqlite { return dqlite }
    switch DqliteAddress.parse(state.databasePath) {
    case .success(let address):
      let session = DqliteSession(address: address)
      dqlite = session
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
    return true
  }

  /// Runs one statement; the failure and its phase, or `nil`.
  private func runOnDqlite(_ sql: String, session: DqliteSession) -> Failure? {
    prepareOutputForStatement()
    let outcome: DqliteSession.Outcome
    do {
      outcome = try session.execute(sql)
    } catch {
      transactions.reconcile(isInsideTransaction: session.isInsideTransaction)
      return Failure(error: error.sqliteError, phase: error.duringPrepare ? .prepare : .step)
    }
    switch outcome {
    case .rows(let rows):
      do {
        try ResultWriter.write(rows, style: state.style, to: output)
      } catch {
        transactions.reconcile(isInsideTransaction: session.isInsideTransaction)
        return Failure(error: error, phase: .step)
      }
    case .done(let result):
      if state.countChanges { output.write("changes: \(result.changes)\n") }
    }
    transactions.apply(
      TransactionStatement(sql: sql), isInsideTransaction: session.isInsideTransaction)
    return nil
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
    guard let dqlite, dqlite.isInsideTransaction else {
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
