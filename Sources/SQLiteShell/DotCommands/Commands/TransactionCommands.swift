import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let begin = DotCommand(
    "begin", minimumPrefix: 3, origin: .litesh, handler: TransactionCommands.begin,
    help: """
      .begin ?KIND?            Open a transaction; the prompt shows [tx] until it ends
           KIND is deferred (default), immediate or exclusive
      """)
  static let commit = DotCommand(
    "commit", minimumPrefix: 3, origin: .litesh, handler: TransactionCommands.commit,
    help: """
      .commit                  Commit the open transaction
      """)
  static let rollback = DotCommand(
    "rollback", minimumPrefix: 3, origin: .litesh, handler: TransactionCommands.rollback,
    help: """
      .rollback ?SAVEPOINT?    Roll back the transaction, or back to SAVEPOINT
           ROLLBACK TO keeps SAVEPOINT open; leaving with a transaction open rolls back
      """)
  static let savepoint = DotCommand(
    "savepoint", minimumPrefix: 5, origin: .litesh, handler: TransactionCommands.savepoint,
    help: """
      .savepoint NAME          Open savepoint NAME (a transaction if none is open)
      """)
  static let release = DotCommand(
    "release", minimumPrefix: 3, origin: .litesh, handler: TransactionCommands.release,
    help: """
      .release NAME            Release savepoint NAME and those opened after it
           Releasing the savepoint that began the transaction commits it
      """)
}

/// `.begin`, `.commit`, `.rollback`, `.savepoint` and `.release`: transactions by command.
///
/// Each checks the shell's ``TransactionTracker`` first, so misuse (`.commit` with nothing
/// open, `.begin` inside a transaction, an unknown savepoint) is a clear error before any SQL
/// runs; then it runs the SQL a person would type, through the same path as typed SQL, so
/// tracking, `.trace`, `.changes` and error messages are the same for both.
enum TransactionCommands {
  static let begin: DotCommand.Handler = { shell, arguments in
    guard arguments.count <= 1 else {
      // Spells out the help line's KIND.
      return shell.usageFailure(".begin ?deferred|immediate|exclusive?")
    }
    let word = arguments.first ?? "deferred"
    guard let kind = TransactionKind(rawValue: word.lowercased()) else {
      return fail(
        shell, ".begin",
        "unknown transaction kind \"\(word)\" (expected deferred, immediate or exclusive)")
    }
    shell.reconcileTransaction()
    if shell.transactions.isOpen {
      return fail(
        shell, ".begin",
        "a transaction is already open; .commit or .rollback it first, or nest with .savepoint")
    }
    return shell.runTransactionSQL(kind.beginSQL)
  }

  static let commit: DotCommand.Handler = { shell, arguments in
    guard arguments.isEmpty else { return shell.usageFailure(.commit, flush: true) }
    guard requireOpen(shell, ".commit") else { return .failure }
    return shell.runTransactionSQL("COMMIT")
  }

  static let rollback: DotCommand.Handler = { shell, arguments in
    guard arguments.count <= 1 else { return shell.usageFailure(.rollback, flush: true) }
    guard requireOpen(shell, ".rollback") else { return .failure }
    guard let name = arguments.first else { return shell.runTransactionSQL("ROLLBACK") }
    guard requireSavepoint(shell, ".rollback", name) else { return .failure }
    return shell.runTransactionSQL("ROLLBACK TO SAVEPOINT \(name.sqlQuoted())")
  }

  static let savepoint: DotCommand.Handler = { shell, arguments in
    guard arguments.count == 1, let name = arguments.first, !name.isEmpty else {
      return shell.usageFailure(.savepoint, flush: true)
    }
    return shell.runTransactionSQL("SAVEPOINT \(name.sqlQuoted())")
  }

  static let release: DotCommand.Handler = { shell, arguments in
    guard arguments.count == 1, let name = arguments.first else {
      return shell.usageFailure(.release, flush: true)
    }
    guard requireOpen(shell, ".release") else { return .failure }
    guard requireSavepoint(shell, ".release", name) else { return .failure }
    return shell.runTransactionSQL("RELEASE SAVEPOINT \(name.sqlQuoted())")
  }

  private static func requireOpen(_ shell: Shell, _ command: String) -> Bool {
    shell.reconcileTransaction()
    guard !shell.transactions.isOpen else { return true }
    _ = fail(shell, command, "no transaction is open")
    return false
  }

  private static func requireSavepoint(_ shell: Shell, _ command: String, _ name: String) -> Bool {
    guard shell.transactions.savepointIndex(named: name) == nil else { return true }
    let open = shell.transactions.savepoints
    let list = open.isEmpty ? "none is open" : "open: " + open.joined(separator: ", ")
    _ = fail(shell, command, "no savepoint named \"\(name)\" (\(list))")
    return false
  }

  /// `Error near line N: .commit: no transaction is open` (no line when interactive, or for a
  /// command given as an argument or with `-cmd`).
  private static func fail(_ shell: Shell, _ command: String, _ message: String)
    -> DotCommand.Outcome
  {
    shell.output.flush()
    let place = shell.inputLine.map { " near line \($0)" } ?? ""
    shell.errors.write("Error\(place): \(command): \(message)\n")
    shell.errors.flush()
    return .failure
  }
}

extension Shell {
  /// Runs a transaction statement a dot-command stands for, exactly as if it had been typed.
  func runTransactionSQL(_ sql: String) -> DotCommand.Outcome {
    runSQL(SQLText(sql + ";"), line: inputLine) ? .success : .failure
  }

  /// The line of the script being read that holds the running command, for error messages:
  /// `nil` when interactive, and for a command given as an argument or with `-cmd` (no line
  /// has been read then).
  var inputLine: Int? {
    state.isInteractive || input.lineNumber == 0 ? nil : input.lineNumber
  }
}
