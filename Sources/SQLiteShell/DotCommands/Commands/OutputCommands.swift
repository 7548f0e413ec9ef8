import SQLiteCore

/// The dot-commands about where text goes: `.output`, `.once`, `.print`, `.log`, `.trace`.
enum OutputCommands {
  static let output: DotCommand.Handler = { shell, arguments in
    redirect(shell, arguments, command: "output", once: false)
  }

  static let once: DotCommand.Handler = { shell, arguments in
    redirect(shell, arguments, command: "once", once: true)
  }

  /// `.output ?FILE?` and `.once ?FILE?`: a file, `|command`, `stdout`, `stderr`, or `off`.
  private static func redirect(
    _ shell: Shell, _ arguments: [String], command: String, once: Bool
  ) -> DotCommand.Outcome {
    guard shell.allowedInSafeMode("cannot run .\(command) in safe mode") else { return .failure }
    var file: String?
    var byteOrderMark = false
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      if word.hasPrefix("-") {
        let option = word.hasPrefix("--") ? String(word.dropFirst()) : word
        if option == "-bom" {
          byteOrderMark = true
        } else {
          shell.output.write("ERROR: unknown option: \"\(word)\".  Usage:\n")
          for line in shell.registry.help(matching: command) { shell.output.write(line + "\n") }
          return .failure
        }
      } else if file == nil {
        file = word
        if word.hasPrefix("|") {
          file = ([word] + arguments[(index + 1)...]).joined(separator: " ")
          break
        }
      } else {
        shell.output.write("ERROR: extra parameter: \"\(word)\".  Usage:\n")
        for line in shell.registry.help(matching: command) { shell.output.write(line + "\n") }
        return .failure
      }
      index += 1
    }
    let target = file ?? "stdout"
    shell.onceCountdown = once ? 2 : 0
    shell.resetOutput()
    let sink: OutputSink?
    if target.hasPrefix("|") {
      shell.standardOutput.flush()
      sink = OutputSink.open(command: String(target.dropFirst()))
      if sink == nil {
        shell.errors.write("Error: cannot open pipe \"\(target.dropFirst())\"\n")
        return .failure
      }
    } else {
      sink = openFile(target, shell: shell)
      if sink == nil {
        if target != "off" { shell.errors.write("Error: cannot write to \"\(target)\"\n") }
        return .failure
      }
    }
    guard let sink else { return .failure }
    if byteOrderMark { sink.write("\u{FEFF}") }
    shell.output = sink
    shell.state.outputName = target
    return .success
  }

  /// sqlite3's `output_file_open`: `stdout`, `stderr`, `off` (nothing) or a file.
  static func openFile(_ name: String, shell: Shell) -> OutputSink? {
    switch name {
    case "stdout": return shell.standardOutput
    case "stderr": return shell.errors
    case "off": return nil
    default:
      let sink = OutputSink.open(path: name)
      if sink == nil { shell.errors.write("Error: cannot open \"\(name)\"\n") }
      return sink
    }
  }

  static let print: DotCommand.Handler = { shell, arguments in
    shell.output.write(arguments.joined(separator: " "))
    shell.output.write("\n")
    return .success
  }

  static let log: DotCommand.Handler = { shell, arguments in
    guard shell.allowedInSafeMode("cannot run .log in safe mode") else { return .failure }
    guard arguments.count == 1 else {
      shell.errors.write("Usage: .log FILENAME\n")
      return .failure
    }
    let name = arguments[0]
    if name != "off" && name != "stdout" && name != "stderr" {
      guard let file = OutputSink.open(path: name) else {
        shell.errors.write("Error: cannot open \"\(name)\"\n")
        return .success
      }
      file.close()
    }
    return .success
  }

  /// `.trace FILE|stdout|stderr|off`: each statement's SQL before it runs.
  ///
  /// The shell writes the text itself (not through `sqlite3_trace_v2`) so that it lands in
  /// order with results that share the same buffered stream.
  static let trace: DotCommand.Handler = { shell, arguments in
    guard shell.openDatabase() != nil else { return .failure }
    for word in arguments {
      if word.hasPrefix("-") {
        let known = ["expanded", "plain", "profile", "row", "stmt", "close"]
        guard known.contains(where: { ModeCommand.isOption(word, $0) }) else {
          shell.errors.write("Unknown option \"\(word)\" on \".trace\"\n")
          return .failure
        }
      } else {
        // sqlite3 3.40.1 lets -safe write trace files; litesh refuses them.
        if !["stdout", "stderr", "off"].contains(word) {
          guard shell.allowedInSafeMode("cannot run .trace in safe mode") else { return .failure }
        }
        if let old = shell.traceOutput, old !== shell.standardOutput, old !== shell.errors {
          old.close()
        }
        shell.traceOutput = openFile(word, shell: shell)
      }
    }
    return .success
  }
}
