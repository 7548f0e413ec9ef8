import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let log = DotCommand(
    "log", minimumPrefix: 3, handler: DiagnosticCommands.log,
    help: """
      .log FILE|off            Turn logging on or off.  FILE can be stderr/stdout
      """)
  static let progress = DotCommand(
    "progress", minimumPrefix: 3, handler: DiagnosticCommands.progress,
    help: """
      .progress N              Invoke progress handler after every N opcodes
         --limit N                 Interrupt after N progress callbacks
         --once                    Do no more than one progress interrupt
         --quiet|-q                No output except at interrupts
         --reset                   Reset the count for each input and interrupt
      """)
  static let scanstats = DotCommand(
    "scanstats", handler: DiagnosticCommands.scanStats,
    help: """
      .scanstats on|off        Turn sqlite3_stmt_scanstatus() metrics on or off
      """)
  static let trace = DotCommand(
    "trace", handler: DiagnosticCommands.trace,
    help: """
      .trace ?OPTIONS?         Output each SQL statement as it is run
          FILE                    Send output to FILE
          stdout                  Send output to stdout
          stderr                  Send output to stderr
          off                     Disable tracing
          --expanded              Expand query parameters
          --plain                 Show SQL as it is input
          --stmt                  Trace statement execution (SQLITE_TRACE_STMT)
          --profile               Profile statements (SQLITE_TRACE_PROFILE)
          --row                   Trace each row (SQLITE_TRACE_ROW)
          --close                 Trace connection close (SQLITE_TRACE_CLOSE)
      """)
}

/// The dot-commands that watch SQLite at work: `.trace`, `.log`, `.progress`, `.scanstats`.
///
/// Their lines are written through the shell's sinks, so a trace or progress line written from
/// inside `sqlite3_step` lands in order with the rows around it (see ``BufferedWriter``).
enum DiagnosticCommands {
  /// `.trace ?OPTIONS? ?FILE?`: SQLite's trace callback (`sqlite3_trace_v2`), so statements
  /// inside triggers are traced too.
  ///
  /// sqlite3 3.40.1 opens its *first* argument as the file for every file word, so
  /// `.trace a b` opens `a` twice and never creates `b`; litesh does the same with the first
  /// file word. One deliberate difference: when an option comes first (`.trace --stmt stdout`)
  /// sqlite3 writes to a file named `--stmt`; litesh opens the first word that is a file.
  static let trace: DotCommand.Handler = { shell, arguments in
    guard let connection = shell.openDatabase() else { return .failure }
    var events: TraceEvents = []
    let fileIndex = arguments.firstIndex { !$0.hasPrefix("-") }
    for word in arguments {
      if !word.hasPrefix("-"), let fileIndex {
        let file = arguments[fileIndex]
        if !["stdout", "stderr", "off"].contains(file) {
          // sqlite3 3.40.1 lets -safe write trace files; litesh refuses them.
          guard shell.allowedInSafeMode("cannot run .trace in safe mode") else { return .failure }
        }
        closeTraceFile(of: shell)
        shell.redirection.trace = OutputCommands.openFile(
          file, text: shell.argumentText(fileIndex, of: arguments), shell: shell)
        continue
      }
      let option = word.hasPrefix("--") ? String(word.dropFirst(2)) : String(word.dropFirst())
      switch option {
      case "expanded": shell.diagnostics.traceExpands = true
      case "plain": shell.diagnostics.traceExpands = false
      case "profile": events.insert(.profile)
      case "row": events.insert(.row)
      case "stmt": events.insert(.statement)
      case "close": events.insert(.close)
      default:
        shell.errors.write("Unknown option \"\(word)\" on \".trace\"\n")
        return .failure
      }
    }
    guard shell.redirection.trace != nil else {
      connection.trace([], nil)
      return .success
    }
    connection.trace(
      events.isEmpty ? .statement : events, expandingParameters: shell.diagnostics.traceExpands
    ) { [weak shell] event in shell?.writeTrace(event) }
    return .success
  }

  /// Closes the current trace file (never stdout or stderr).
  static func closeTraceFile(of shell: Shell) {
    if let old = shell.redirection.trace, old !== shell.standardOutput, old !== shell.errors {
      old.close()
    }
    shell.redirection.trace = nil
  }

  /// `.log FILE|stdout|stderr|off`: where SQLite's log lines (`(CODE) MESSAGE`) go.
  static let log: DotCommand.Handler = { shell, arguments in
    guard shell.allowedInSafeMode("cannot run .log in safe mode") else { return .failure }
    guard arguments.count == 1 else {
      // sqlite3's own usage text, not its help line (`.log FILE|off`).
      shell.errors.write("Usage: .log FILENAME\n")
      return .failure
    }
    if let old = shell.diagnostics.logOutput, old !== shell.standardOutput, old !== shell.errors {
      old.close()
    }
    let sink = OutputCommands.openFile(
      arguments[0], text: shell.argumentText(0, of: arguments), shell: shell)
    shell.diagnostics.logOutput = sink
    ShellLog.route(to: sink)
    return .success
  }

  /// `.progress N ?--limit N? ?--once? ?--quiet? ?--reset?`: sqlite3's progress handler.
  static let progress: DotCommand.Handler = { shell, arguments in
    // sqlite3 clears the settings first, even when the arguments turn out to be wrong.
    var settings = ShellDiagnostics.ProgressSettings()
    settings.isActive = shell.diagnostics.progress.isActive
    shell.diagnostics.progress = settings
    var every: Int32 = 0
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      guard word.hasPrefix("-") else {
        every = Int32(truncatingIfNeeded: DotCommandArguments.integer(word))
        continue
      }
      let option = word.hasPrefix("--") ? String(word.dropFirst(2)) : String(word.dropFirst())
      switch option {
      case "quiet", "q": settings.isQuiet = true
      case "reset": settings.resets = true
      case "once": settings.isOnce = true
      case "limit":
        guard index < arguments.count else {
          shell.errors.write("Error: missing argument on --limit\n")
          return .failure
        }
        settings.limit = Int32(truncatingIfNeeded: DotCommandArguments.integer(arguments[index]))
        index += 1
      default:
        shell.errors.write("Error: unknown option: \"\(word)\"\n")
        return .failure
      }
    }
    guard let connection = shell.openDatabase() else { return .failure }
    settings.isActive = every > 0
    shell.diagnostics.progress = settings
    connection.setProgressHandler(every: every) { [weak shell] in shell?.progressTick() ?? false }
    return .success
  }

  /// `.scanstats on|off`: accepted with sqlite3's warning when SQLite lacks
  /// `SQLITE_ENABLE_STMT_SCANSTATUS` (Debian's does); litesh shows no metrics either way.
  static let scanStats: DotCommand.Handler = { shell, arguments in
    guard arguments.count == 1 else { return shell.usageFailure(.scanstats) }
    _ = DotCommandArguments.boolean(arguments[0], errors: shell.errors)
    if Connection.isCompiled(with: "ENABLE_STMT_SCANSTATUS") {
      shell.errors.write("Warning: litesh does not show .scanstats metrics.\n")
    } else {
      shell.errors.write("Warning: .scanstats not available in this build.\n")
    }
    return .success
  }
}
