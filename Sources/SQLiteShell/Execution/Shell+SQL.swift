import Glibc
package import SQLiteCore

/// Running SQL text: statement by statement, with sqlite3's error reports, timer and counts.
extension Shell {
  /// The first failure of a chunk of SQL and where it happened.
  package struct Failure: Error {
    /// The SQLite error.
    package var error: SQLiteError
    /// Preparing or stepping.
    package var phase: ErrorText.Phase
    /// The text from the failing statement on, as given (what the caret block shows).
    package var sql: SQLText?
    /// SQLite rolled back the transaction that was open when the statement failed (a write
    /// interrupted, a full disk, `RAISE(ROLLBACK)`).
    package var endedTransaction = false

    /// A statement stopped by Ctrl-C before its first step.
    static var interrupted: Failure {
      Failure(error: SQLiteError(code: .interrupt, message: "interrupted"), phase: .step)
    }
  }

  /// Runs one chunk of script input (sqlite3's `runOneSqlLine`); `false` after an error.
  ///
  /// `line` is where the chunk began, or `nil` for interactive input (no line in messages).
  func runSQL(_ sql: SQLText, line: Int?) -> Bool {
    if isDqlite { return runSQLOnDqlite(sql, line: line) }
    guard let connection = openDatabase() else { return false }
    let timer = state.timer ? RunTimer() : nil
    startInputChunk()
    if let expert = takePendingExpert(on: connection) {
      return advise(expert, on: sql, line: line, timer: timer)
    }
    let failure = execute(sql, on: connection)
    if let timer { standardOutput.write(timer.report()) }
    if let failure {
      // A -safe refusal already printed its message and ends the shell; a statement stopped
      // because nobody reads standard output any more gets the lost-output message only.
      if exitCode != nil || standardOutput.isBroken { return false }
      flushBeforeMessage()
      if line == nil, let report = personReport(of: failure, on: connection) {
        errors.write(report.text)
      } else {
        errors.write(
          ErrorText.scriptLine(failure.error, phase: failure.phase, sql: failure.sql, line: line))
      }
      noteTransactionRolledBack(by: failure)
      errors.flush()
      return false
    }
    if state.countChanges {
      output.write(
        "changes: \(connection.changes)   total_changes: \(connection.totalChanges)\n")
    }
    return true
  }

  /// Writes the output out before a statement's error message, unless both streams share one
  /// pipe or file (`2>&1`): sqlite3 writes the message unbuffered and flushes its output only
  /// before the next input line, so there the message comes before this line's output.
  private func flushBeforeMessage() {
    if errors.writesThrough { return }
    output.flush()
    standardOutput.flush()
  }

  /// Runs SQL given as a command-line argument: sqlite3's `Error: in prepare, …` wording.
  ///
  /// - Returns: `nil` on success, else the exit status sqlite3 uses (the primary result code).
  package func runArgumentSQL(_ sql: String) -> Int32? { runArgumentSQL(SQLText(sql)) }

  /// Runs SQL given as a command-line argument's bytes, which reach SQLite unchanged.
  ///
  /// - Returns: `nil` on success, else the exit status sqlite3 uses (the primary result code).
  package func runArgumentSQL(_ sql: SQLText) -> Int32? {
    if isDqlite { return runSQLOnDqlite(sql, line: nil) ? nil : 1 }
    guard let connection = openDatabase() else { return 1 }
    if let expert = takePendingExpert(on: connection) { return adviseArgument(expert, on: sql) }
    guard let failure = execute(sql, on: connection) else { return nil }
    if let exitCode { return exitCode }
    if standardOutput.isBroken { return 1 }
    flushBeforeMessage()
    errors.write("Error: ")
    errors.write(ErrorText.detail(failure.error, phase: failure.phase, sql: failure.sql))
    errors.write("\n")
    errors.flush()
    return max(failure.error.primaryCode.rawValue, 1)
  }

  /// Prepares and runs each statement of `sql` in turn, writing results in the current style.
  ///
  /// - Returns: the first failure; the statements after it do not run.
  package func execute(_ sql: String, on connection: Connection) -> Failure? {
    execute(SQLText(sql), on: connection)
  }

  /// Prepares and runs each statement of `sql`, whose bytes reach SQLite unchanged.
  ///
  /// - Returns: the first failure; the statements after it do not run.
  package func execute(_ sql: SQLText, on connection: Connection) -> Failure? {
    if LiteralInsert.mayBegin(sql), allowsLiteralInserts {
      switch runLiteralInsert(sql, on: connection) {
      case .notHandled: break
      case .ran: return nil
      case .failed(let failure): return failure
      }
    }
    forgetLiteralInserts()
    var statements = connection.statements(in: sql)
    // Statements with nothing to write or bind run at once, without a `Statement` object,
    // unless a setting wants to see each one (readers, `.stats`, `.eqp`, `.explain on`).
    let runsAtOnce =
      connections.readPool == nil && state.statistics == .off && state.queryPlan == .off
      && state.style.explain != .on
    while true {
      let next: Statement?
      do {
        if runsAtOnce {
          switch try statements.nextRunningAtOnce(unless: isInterruptedByUser) {
          case .prepared(let statement): next = statement
          case .ran:
            didRun(sql, from: statements.statementStart, to: statements.offset, on: connection)
            continue
          case .failed(let error):
            return stepFailure(error, on: connection)
          case .stopped: return Failure.interrupted
          case .end: return nil
          }
        } else {
          next = try statements.next()
        }
      } catch {
        return Failure(error: error, phase: .prepare, sql: statements.remainingBytes)
      }
      guard let statement = next else { return nil }
      if isInterruptedByUser() { return Failure.interrupted }
      switch runOnReaderIfRouted(statement, on: connection) {
      case .notRouted: break
      case .succeeded: continue
      case .failed(let failure): return failure
      }
      ParameterBinding.bind(statement, from: connection)
      if state.queryPlan != .off && statement.explainKind == 0 {
        showQueryPlan(of: statement, on: connection)
      }
      do {
        if statement.columnCount == 0 && state.style.explain != .on {
          // Nothing to write in any mode (INSERT, CREATE…): a script's statements end here,
          // without a copy of the output style or the output set up for rows.
          try statement.run()
        } else {
          prepareOutputForStatement()
          let columns = try writeResult(statement, to: output)
          state.style.lengthenColumnWidths(to: columns)
        }
      } catch {
        let failure = stepFailure(error, on: connection)
        if state.statistics != .off { writeStatistics(for: statement) }
        return failure
      }
      didRun(statement, on: connection)
      if state.statistics != .off { writeStatistics(for: statement) }
    }
  }

  /// A statement's failure while stepping, after the transaction tracker agreed with SQLite.
  private func stepFailure(_ error: SQLiteError, on connection: Connection) -> Failure {
    let wasOpen = transactions.isOpen
    transactions.reconcile(isInsideTransaction: connection.isInsideTransaction)
    var failure = Failure(error: error, phase: .step)
    failure.endedTransaction = wasOpen && !transactions.isOpen
    return failure
  }

  /// For a person at the REPL, after the error of a statement that made SQLite roll back the
  /// open transaction: says so, since the prompt's marker going is easy to miss.
  func noteTransactionRolledBack(by failure: Failure) {
    guard failure.endedTransaction else { return }
    noteTransactionRolledBack(cause: "a statement in it fails this way (\(failure.error.message))")
  }

  /// The note itself: SQLite undid the transaction when `cause`.
  func noteTransactionRolledBack(cause: String) {
    guard state.isInteractive, state.audience.isPerson else { return }
    errors.write(
      "The open transaction was rolled back: SQLite undoes all of it when \(cause);"
        + " nothing of it was committed.\n")
  }

  /// Whether the person at the REPL pressed Ctrl-C during the line being run: a statement not
  /// stepped yet does not start (SQLite would forget the interrupt when stepping starts), a
  /// `.read` script stops before its next line, an `.import` before its next row, `.watch`
  /// ends (batch mode has its own SIGINT handling, ``pendingStop``).
  func isInterruptedByUser() -> Bool {
    guard let isInterrupted = standardOutput.isInterrupted else { return false }
    return isInterrupted()
  }

  /// `.eqp on|full`: the plan (and for `full` the bytecode) before the statement runs.
  private func showQueryPlan(of statement: Statement, on connection: Connection) {
    let text = String(Substring(statement.sql.utf8.drop(while: isSpace)))
    // `trigger` and `full` show the plans of triggers too, as sqlite3 does while it explains.
    let triggerOption = DatabaseOption.triggerQueryPlans
    let showsTriggers = state.queryPlan == .trigger || state.queryPlan == .full
    let hadTriggers = connection.isEnabled(triggerOption)
    if showsTriggers && !hadTriggers { connection.setEnabled(triggerOption, true) }
    defer { if showsTriggers && !hadTriggers { connection.setEnabled(triggerOption, false) } }
    if let plan = try? connection.prepare("EXPLAIN QUERY PLAN " + text) {
      try? QueryPlanRenderer.writePlan(of: plan, to: output)
    }
    // sqlite3's AUTOEQP_trigger is below AUTOEQP_full: only `full` adds the bytecode.
    if state.queryPlan == .full,
      let bytecode = try? connection.prepare("EXPLAIN " + text)
    {
      try? ResultWriter.writeExplain(bytecode, style: state.style, to: output)
    }
  }
}

/// Measures one chunk for `.timer on`: wall clock and CPU time, as sqlite3 prints them.
struct RunTimer {
  private let startWall: Double
  private let startUser: Double
  private let startSystem: Double

  init() {
    startWall = RunTimer.wallClock()
    (startUser, startSystem) = RunTimer.cpuTimes()
  }

  /// `Run Time: real 0.001 user 0.000123 sys 0.000000`.
  func report() -> String {
    let wall = RunTimer.wallClock() - startWall
    let (user, system) = RunTimer.cpuTimes()
    return "Run Time: real \(fixed(wall, 3)) user \(fixed(user - startUser, 6))"
      + " sys \(fixed(system - startSystem, 6))\n"
  }

  private static func wallClock() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  private static func cpuTimes() -> (Double, Double) {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return (user, system)
  }
}

/// `%.Nf` for small non-negative numbers, without Foundation.
func fixed(_ value: Double, _ digits: Int) -> String {
  var scale: Int64 = 1
  for _ in 0..<digits { scale *= 10 }
  let scaled = Int64((max(value, 0) * Double(scale)).rounded())
  let fraction = String(scaled % scale)
  return "\(scaled / scale)." + String(repeating: "0", count: digits - fraction.count) + fraction
}
