import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let exit = DotCommand(
    "exit", minimumPrefix: 2, handler: SessionCommands.exit,
    help: """
      .exit ?CODE?             Exit this program with return-code CODE
      """)
  static let help = DotCommand(
    "help", handler: SessionCommands.help,
    help: """
      .help ?-all? ?PATTERN?   Show help text for PATTERN
      """)
  static let quit = DotCommand(
    "quit", handler: SessionCommands.quit,
    help: """
      .quit                    Exit this program
      """)
  static let read = DotCommand(
    "read", minimumPrefix: 3, handler: SessionCommands.read,
    help: """
      .read FILE               Read input from FILE or command output
          If FILE begins with "|", it is a command that generates the input.
      """)
  static let show = DotCommand(
    "show", minimumPrefix: 3, handler: SessionCommands.show,
    help: """
      .show                    Show the current values for various settings
      """)
}

/// The dot-commands about the session itself: `.exit`, `.quit`, `.read`, `.help`, `.show`.
enum SessionCommands {
  static let exit: DotCommand.Handler = { shell, arguments in
    if let first = arguments.first {
      let code = Int32(truncatingIfNeeded: DotCommandArguments.integer(first))
      if code != 0 {
        shell.exitCode = code
        return .quit
      }
    }
    return .quit
  }

  static let quit: DotCommand.Handler = { _, _ in .quit }

  static let read: DotCommand.Handler = { shell, arguments in
    guard shell.allowedInSafeMode("cannot run .read in safe mode") else { return .failure }
    guard arguments.count == 1 else { return shell.usageFailure(.read) }
    let name = arguments[0]
    let text = shell.argumentText(0, of: arguments)
    let reader =
      name.hasPrefix("|")
      ? LineReader.open(command: SQLText(bytes: text.bytes.dropFirst()))
      : LineReader.open(path: text)
    guard let reader else {
      shell.errors.write("Error: cannot open \"")
      shell.errors.write(text)
      shell.errors.write("\"\n")
      return .failure
    }
    if name.hasPrefix("|") { shell.flush() }
    defer { reader.close() }
    return shell.processNestedInput(reader) ? .failure : .success
  }

  static let help: DotCommand.Handler = { shell, arguments in
    let pattern = arguments.first
    let lines = shell.registry.help(matching: pattern)
    for line in lines { shell.output.write(line + "\n") }
    if let pattern, lines.isEmpty { shell.output.write("Nothing matches '\(pattern)'\n") }
    return .success
  }

  static let show: DotCommand.Handler = { shell, arguments in
    guard arguments.isEmpty else { return shell.usageFailure(.show) }
    let state = shell.state
    let style = state.style
    func line(_ name: String, _ value: String) {
      shell.output.write(
        String(repeating: " ", count: max(0, 12 - name.utf8.count)) + name + ": " + value + "\n")
    }
    line("echo", state.echo ? "on" : "off")
    line("eqp", state.queryPlan.rawValue)
    line("explain", style.explain.rawValue)
    // On the screen the display mode draws names unless `.headers off` was given: say so.
    let drawsNames =
      style.mode == .display && shell.writesResultsToScreen
      && DisplayFormatter.showsNames(style)
    line("headers", style.showHeaders || drawsNames ? "on" : "off")
    line("mode", ModeCommand.describe(style))
    line("nullvalue", cString(style.nullValue))
    line("output", state.outputName.isEmpty ? "stdout" : state.outputName)
    line("colseparator", cString(style.columnSeparator))
    line("rowseparator", cString(style.rowSeparator))
    line("stats", state.statistics.rawValue)
    line("width", style.columnWidths.map { "\($0) " }.joined())
    shell.output.write("    filename: ")
    shell.output.write(DatabaseFileName.displayed(state.databasePath))
    shell.output.write("\n")
    if let readers = ReadersCommand.describeSetting(of: shell) { line("readers", readers) }
    // litesh's own settings: only for a person in an interactive session, so what a program
    // reads (piped, `-interactive`, a dumb terminal) stays sqlite3's.
    if state.isInteractive && state.audience.isPerson {
      line("color", state.color.rawValue)
      line("pager", state.pager.rawValue)
      line("maxrows", DisplayCommands.describe(style.display))
    }
    return .success
  }

  /// sqlite3's `output_c_string`: a double-quoted C literal with escapes and octal bytes.
  static func cString(_ text: String) -> String {
    var bytes: [UInt8] = [UInt8(ascii: "\"")]
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\\"): bytes += [byte, byte]
      case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), byte]
      case 9: bytes += Array("\\t".utf8)
      case 10: bytes += Array("\\n".utf8)
      case 13: bytes += Array("\\r".utf8)
      case 0x20...0x7E: bytes.append(byte)
      default:
        let octal = String(byte, radix: 8)
        bytes += Array(("\\" + String(repeating: "0", count: 3 - octal.count) + octal).utf8)
      }
    }
    bytes.append(UInt8(ascii: "\""))
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension Shell {
  /// sqlite3's `failIfSafeMode`: under `-safe`, prints `line N: MESSAGE` and ends the shell
  /// with status 1; otherwise `true`.
  func allowedInSafeMode(_ message: String) -> Bool {
    guard state.isSafe else { return true }
    output.flush()
    errors.write("line \(input.lineNumber): \(message)\n")
    errors.flush()
    exitCode = 1
    return false
  }
}
