import SQLiteCore

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
    _ shell: Shell, _ arguments: [String], usage: String, _ set: (inout ShellState, Bool) -> Void
  ) -> DotCommand.Outcome {
    guard arguments.count == 1 else {
      shell.errors.write("Usage: \(usage)\n")
      return .failure
    }
    set(&shell.state, DotCommandArguments.boolean(arguments[0], errors: shell.errors))
    return .success
  }

  static let bail: DotCommand.Handler = { shell, arguments in
    flag(shell, arguments, usage: ".bail on|off") { $0.bail = $1 }
  }

  /// `.binary on|off`: text and binary output are the same bytes on this system; the command
  /// checks its argument as sqlite3 does and changes nothing.
  static let binary: DotCommand.Handler = { shell, arguments in
    flag(shell, arguments, usage: ".binary on|off") { _, _ in }
  }

  static let changes: DotCommand.Handler = { shell, arguments in
    flag(shell, arguments, usage: ".changes on|off") { $0.countChanges = $1 }
  }

  static let echo: DotCommand.Handler = { shell, arguments in
    flag(shell, arguments, usage: ".echo on|off") { $0.echo = $1 }
  }

  static let timer: DotCommand.Handler = { shell, arguments in
    flag(shell, arguments, usage: ".timer on|off") { $0.timer = $1 }
  }

  static let headers: DotCommand.Handler = { shell, arguments in
    flag(shell, arguments, usage: ".headers on|off") {
      $0.style.showHeaders = $1
      $0.style.headersSetExplicitly = true
    }
  }

  static let eqp: DotCommand.Handler = { shell, arguments in
    guard arguments.count == 1 else {
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

  static let explain: DotCommand.Handler = { shell, arguments in
    var value = "on"
    if let first = arguments.first {
      value =
        first == "auto"
        ? "auto" : DotCommandArguments.boolean(first, errors: shell.errors) ? "on" : "off"
    }
    shell.state.style.explain = ExplainFormatting(rawValue: value) ?? .auto
    return .success
  }

  static let nullValue: DotCommand.Handler = { shell, arguments in
    guard arguments.count == 1 else {
      shell.errors.write("Usage: .nullvalue STRING\n")
      return .failure
    }
    shell.state.style.nullValue = clipped(arguments[0])
    return .success
  }

  static let separator: DotCommand.Handler = { shell, arguments in
    var outcome = DotCommand.Outcome.success
    if arguments.isEmpty || arguments.count > 2 {
      shell.errors.write("Usage: .separator COL ?ROW?\n")
      outcome = .failure
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
