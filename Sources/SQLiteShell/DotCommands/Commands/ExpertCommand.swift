import SQLiteCore
import ShellFunctions

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let expert = DotCommand(
    "expert", minimumPrefix: 4, handler: ExpertCommand.run,
    help: """
      .expert                  EXPERIMENTAL. Suggest indexes for queries
      """)
}

/// The index advisor `.expert` set up, waiting for the next SQL, and how to report on it.
struct PendingExpert {
  var advisor: IndexAdvisor
  var isVerbose: Bool
}

/// `.expert ?-verbose? ?-sample PERCENT?`: the next SQL is not run; sqlite3 3.40.1's index
/// advisor says which indexes would help it and shows the plan it would get with them.
///
/// As in sqlite3, a bad option or a schema the advisor cannot copy prints a message and sets
/// nothing up, without counting as an error; `-safe` refuses the command.
enum ExpertCommand {
  static let run: DotCommand.Handler = { shell, arguments in
    if shell.isDqlite {
      shell.refuseOnDqlite(".expert")
      return .failure
    }
    if shell.state.isSafe {
      shell.output.flush()
      shell.errors.write(
        "Cannot run experimental commands such as \"\(shell.command.name)\" in safe mode\n")
      return .failure
    }
    guard let connection = shell.openDatabase() else { return .failure }
    shell.connections.pendingExpert = nil
    guard let (isVerbose, sample) = options(arguments, shell) else { return .success }
    do throws(AdvisorError) {
      let advisor = try IndexAdvisor(connection: connection)
      advisor.samplePercent = sample
      shell.connections.pendingExpert = PendingExpert(advisor: advisor, isVerbose: isVerbose)
    } catch {
      shell.output.flush()
      shell.errors.write(
        SQLText(bytes: Array("sqlite3_expert_new: ".utf8) + error.message + [0x0A]))
    }
    return .success
  }

  /// `-verbose` and `-sample N` (either with one dash or two, abbreviated to two letters or
  /// more); `nil` after printing sqlite3's message for anything else.
  private static func options(_ arguments: [String], _ shell: Shell) -> (Bool, Int)? {
    var isVerbose = false
    var sample = 0
    var index = 0
    while index < arguments.count {
      var option = Substring(arguments[index])
      if option.hasPrefix("--") { option = option.dropFirst() }
      let isOption = { (name: String) in option.utf8.count >= 2 && name.hasPrefix(option) }
      if isOption("-verbose") {
        isVerbose = true
      } else if isOption("-sample") {
        guard index + 1 < arguments.count else {
          shell.errors.write("option requires an argument: \(option)\n")
          return nil
        }
        index += 1
        let value = DotCommandArguments.integer(arguments[index])
        guard (0...100).contains(value) else {
          shell.errors.write("value out of range: \(arguments[index])\n")
          return nil
        }
        sample = Int(value)
      } else {
        shell.errors.write("unknown option: \(option)\n")
        return nil
      }
      index += 1
    }
    return (isVerbose, sample)
  }
}

extension Shell {
  /// The advisor waiting for SQL on `connection`, taken off; one set up on a connection that
  /// has since been closed or replaced is dropped.
  func takePendingExpert(on connection: Connection) -> PendingExpert? {
    guard let pending = connections.pendingExpert else { return nil }
    connections.pendingExpert = nil
    return pending.advisor.connection === connection ? pending : nil
  }

  /// Advice on a chunk of script input, then `.timer`'s and `.changes`' lines as after any
  /// chunk; an error is told as sqlite3 tells it (`Error near line N:`, no statement shown).
  ///
  /// - Returns: `false` after an error.
  func advise(_ expert: PendingExpert, on sql: SQLText, line: Int?, timer: RunTimer?) -> Bool {
    let error = report(expert, on: sql)
    if let timer { standardOutput.write(timer.report()) }
    if let error {
      output.flush()
      standardOutput.flush()
      let prefix = line.map { "Error near line \($0): " } ?? "Error: "
      errors.write(SQLText(bytes: Array(prefix.utf8) + error.message + [0x0A]))
      return false
    }
    if state.countChanges {
      let connection = expert.advisor.connection
      output.write(
        "changes: \(connection.changes)   total_changes: \(connection.totalChanges)\n")
    }
    return true
  }

  /// Advice on SQL given as a command-line argument.
  ///
  /// - Returns: `nil`, or after an error the exit status sqlite3 uses (the primary code).
  func adviseArgument(_ expert: PendingExpert, on sql: SQLText) -> Int32? {
    guard let error = report(expert, on: sql) else { return nil }
    output.flush()
    errors.write(SQLText(bytes: Array("Error: ".utf8) + error.message + [0x0A]))
    return max(error.code & 0xff, 1)
  }

  /// Gives `sql` to the advisor and prints its advice, as sqlite3's `expertFinish` does.
  ///
  /// - Returns: `nil`, or the error: nothing is printed for the SQL then.
  private func report(_ expert: PendingExpert, on sql: SQLText) -> AdvisorError? {
    let report: AdvisorReport
    do throws(AdvisorError) {
      try expert.advisor.add(Array(sql.bytes))
      report = try expert.advisor.analyze()
    } catch {
      return error
    }
    var text: [UInt8] = []
    let line = { (bytes: [UInt8]) in text += bytes + [0x0A] }
    if expert.isVerbose {
      line(Array("-- Candidates -----------------------------".utf8))
      report.candidates.forEach(line)
      line([])
    }
    for (number, query) in report.queries.enumerated() {
      if expert.isVerbose {
        line(Array("-- Query \(number + 1) --------------------------------".utf8))
        line(query.sql)
        line([])
      }
      let indexes = query.indexes.map { $0 + Array(";".utf8) }
      (indexes.isEmpty ? [Array("(no new indexes)".utf8)] : indexes).forEach(line)
      line([])
      query.plan.forEach(line)
      line([])
    }
    output.write(SQLText(bytes: text))
    return nil
  }
}
