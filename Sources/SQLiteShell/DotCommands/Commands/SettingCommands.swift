import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let bail = DotCommand(
    "bail", minimumPrefix: 3, handler: SettingCommands.bail,
    help: """
      .bail on|off             Stop after hitting an error.  Default OFF
      """)
  static let binary = DotCommand(
    "binary", minimumPrefix: 3, handler: SettingCommands.binary,
    help: """
      .binary on|off           Turn binary output on or off.  Default OFF
      """)
  static let changes = DotCommand(
    "changes", minimumPrefix: 3, handler: SettingCommands.changes,
    help: """
      .changes on|off          Show number of rows changed by SQL
      """)
  static let echo = DotCommand(
    "echo", handler: SettingCommands.echo,
    help: """
      .echo on|off             Turn command echo on or off
      """)
  static let eqp = DotCommand(
    "eqp", handler: SettingCommands.eqp,
    help: """
      .eqp on|off|full|...     Enable or disable automatic EXPLAIN QUERY PLAN
         Other Modes:
            trigger               Like "full" but also show trigger bytecode
      """)
  static let explain = DotCommand(
    "explain", minimumPrefix: 3, handler: SettingCommands.explain,
    help: """
      .explain ?on|off|auto?   Change the EXPLAIN formatting mode.  Default: auto
      """)
  static let headers = DotCommand(
    "headers", handler: SettingCommands.headers,
    help: """
      .headers on|off          Turn display of headers on or off
      """)
  static let limits = DotCommand(
    "limits", minimumPrefix: 5, handler: SettingCommands.limits,
    help: """
      .limit ?LIMIT? ?VAL?     Display or change the value of an SQLITE_LIMIT
      """)
  static let nullvalue = DotCommand(
    "nullvalue", handler: SettingCommands.nullValue,
    help: """
      .nullvalue STRING        Use STRING in place of NULL values
      """)
  static let prompt = DotCommand(
    "prompt", handler: SettingCommands.prompt,
    help: """
      .prompt MAIN CONTINUE    Replace the standard prompts
      """)
  static let separator = DotCommand(
    "separator", minimumPrefix: 2, handler: SettingCommands.separator,
    help: """
      .separator COL ?ROW?     Change the column and row separators
      """)
  static let timeout = DotCommand(
    "timeout", minimumPrefix: 5, handler: SettingCommands.timeout,
    help: """
      .timeout MS              Try opening locked tables for MS milliseconds
      """)
  static let timer = DotCommand(
    "timer", minimumPrefix: 5, handler: SettingCommands.timer,
    help: """
      .timer on|off            Turn SQL timer on or off
      """)
  static let width = DotCommand(
    "width", handler: SettingCommands.width,
    help: """
      .width NUM1 NUM2 ...     Set minimum column widths for columnar output
           Negative values right-justify
      """)
}

/// The dot-commands that change a setting: `.bail`, `.changes`, `.echo`, `.eqp`, `.explain`,
/// `.headers`, `.limit`, `.nullvalue`, `.prompt`, `.separator`, `.timeout`, `.timer`, `.width`.
enum SettingCommands {
  /// sqlite3 keeps these settings in 20-byte buffers: longer values are cut to 19 bytes.
  static func clipped(_ text: String) -> String {
    let bytes = text.utf8
    guard bytes.count > 19 else { return text }
    return String(decoding: bytes.prefix(19), as: UTF8.self)
  }

  /// An `on|off` command: sets the flag, or prints its usage for any other argument count.
  private static func flag(
    _ shell: Shell, _ arguments: [String], _ command: DotCommand,
    _ set: (inout ShellState, Bool) -> Void
  ) -> DotCommand.Outcome {
    guard arguments.count == 1 else { return shell.usageFailure(command) }
    set(&shell.state, DotCommandArguments.boolean(arguments[0], errors: shell.errors))
    return .success
  }

  static let bail: DotCommand.Handler = { shell, arguments in
    flag(shell, arguments, .bail) { $0.bail = $1 }
  }

  /// `.binary on|off`: text and binary output are the same bytes on this system; the command
  /// checks its argument as sqlite3 does and changes nothing.
  static let binary: DotCommand.Handler = { shell, arguments in
    flag(shell, arguments, .binary) { _, _ in }
  }

  static let changes: DotCommand.Handler = { shell, arguments in
    flag(shell, arguments, .changes) { $0.countChanges = $1 }
  }

  static let echo: DotCommand.Handler = { shell, arguments in
    flag(shell, arguments, .echo) { $0.echo = $1 }
  }

  static let timer: DotCommand.Handler = { shell, arguments in
    flag(shell, arguments, .timer) { $0.timer = $1 }
  }

  static let headers: DotCommand.Handler = { shell, arguments in
    flag(shell, arguments, .headers) {
      $0.style.showHeaders = $1
      $0.style.headersSetExplicitly = true
    }
  }

  static let eqp: DotCommand.Handler = { shell, arguments in
    guard arguments.count == 1 else {
      // sqlite3's own usage text, not its help line (`.eqp on|off|full|...`).
      shell.errors.write("Usage: .eqp off|on|trace|trigger|full\n")
      return .failure
    }
    switch arguments[0] {
    case "full": shell.state.queryPlan = .full
    case "trigger": shell.state.queryPlan = .trigger
    default:
      let on = DotCommandArguments.boolean(arguments[0], errors: shell.errors)
      shell.state.queryPlan = on ? .on : .off
    }
    return .success
  }

  /// `.explain ?on|off|auto?`: a value that is neither 0 nor 1 (`.explain 2`) changes
  /// nothing, as in sqlite3.
  static let explain: DotCommand.Handler = { shell, arguments in
    var value: Int64 = 1
    if let first = arguments.first {
      if first == "auto" {
        shell.state.style.explain = .auto
        return .success
      }
      let (number, warning) = ShellNumbers.booleanValue(first)
      if let warning { shell.errors.write(warning) }
      value = number
    }
    switch value {
    case 1: shell.state.style.explain = .on
    case 0: shell.state.style.explain = .off
    default: break
    }
    return .success
  }

  static let nullValue: DotCommand.Handler = { shell, arguments in
    guard arguments.count == 1 else { return shell.usageFailure(.nullvalue) }
    shell.state.style.nullValue = clipped(arguments[0])
    return .success
  }

  static let separator: DotCommand.Handler = { shell, arguments in
    var outcome = DotCommand.Outcome.success
    if arguments.isEmpty || arguments.count > 2 {
      outcome = shell.usageFailure(.separator)
    }
    if arguments.count >= 1 { shell.state.style.columnSeparator = clipped(arguments[0]) }
    if arguments.count >= 2 { shell.state.style.rowSeparator = clipped(arguments[1]) }
    return outcome
  }

  static let width: DotCommand.Handler = { shell, arguments in
    shell.state.style.columnWidths = arguments.map {
      ShellNumbers.columnWidth(DotCommandArguments.integer($0))
    }
    return .success
  }

  static let prompt: DotCommand.Handler = { shell, arguments in
    if arguments.count >= 1 { shell.state.mainPrompt = clipped(arguments[0]) }
    if arguments.count >= 2 { shell.state.continuationPrompt = clipped(arguments[1]) }
    return .success
  }

  static let timeout: DotCommand.Handler = { shell, arguments in
    let milliseconds = arguments.first.map(DotCommandArguments.integer) ?? 0
    if shell.isDqlite { return shell.setDqliteBusyTimeout(milliseconds) }
    guard let connection = shell.openDatabase() else { return .failure }
    shell.state.busyTimeout = Int32(truncatingIfNeeded: milliseconds)
    connection.setBusyTimeout(milliseconds: shell.state.busyTimeout)
    shell.connections.readPool?.busyTimeout = shell.state.busyTimeout
    return .success
  }

  /// The limits `.limit` knows, in sqlite3's order, with their `SQLITE_LIMIT_*` codes.
  static let limitNames: [(String, Int32)] = [
    ("length", 0), ("sql_length", 1), ("column", 2), ("expr_depth", 3), ("compound_select", 4),
    ("vdbe_op", 5), ("function_arg", 6), ("attached", 7), ("like_pattern_length", 8),
    ("variable_number", 9), ("trigger_depth", 10), ("worker_threads", 11),
  ]

  static let limits: DotCommand.Handler = { shell, arguments in
    guard let connection = shell.openDatabase() else { return .failure }
    func line(_ name: String, _ value: Int32) -> String {
      String(repeating: " ", count: max(0, 20 - name.utf8.count)) + name + " \(value)\n"
    }
    if arguments.isEmpty {
      for (name, code) in limitNames {
        shell.standardOutput.write(line(name, connection.limit(code)))
      }
      return .success
    }
    guard arguments.count <= 2 else {
      // sqlite3's own usage text, not its help line (`.limit ?LIMIT? ?VAL?`).
      shell.errors.write("Usage: .limit NAME ?NEW-VALUE?\n")
      return .failure
    }
    let typed = arguments[0].asciiLowercased()
    let matches = limitNames.filter { $0.0.hasPrefix(typed) }
    guard let (name, code) = matches.first else {
      shell.errors.write(
        "unknown limit: \"\(arguments[0])\"\nenter \".limits\" with no arguments for a list.\n")
      return .failure
    }
    guard matches.count == 1 else {
      shell.errors.write("ambiguous limit: \"\(arguments[0])\"\n")
      return .failure
    }
    if arguments.count == 2 {
      connection.limit(code, Int32(truncatingIfNeeded: DotCommandArguments.integer(arguments[1])))
    }
    shell.standardOutput.write(line(name, connection.limit(code)))
    return .success
  }
}
