import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let excel = DotCommand(
    "excel", minimumPrefix: 5, handler: OutputCommands.excel,
    help: """
      .excel                   Display the output of next command in spreadsheet
         --bom                   Put a UTF8 byte-order mark on intermediate file
      """)
  static let once = DotCommand(
    "once", handler: OutputCommands.once,
    help: """
      .once ?OPTIONS? ?FILE?   Output for the next SQL command only to FILE
           If FILE begins with '|' then open as a pipe
             --bom  Put a UTF8 byte-order mark at the beginning
             -e     Send output to the system text editor
             -x     Send output as CSV to a spreadsheet (same as ".excel")
      """)
  static let output = DotCommand(
    "output", minimumPrefix: 2, handler: OutputCommands.output,
    help: """
      .output ?FILE?           Send output to FILE or stdout if FILE is omitted
         If FILE begins with '|' then open it as a pipe.
         Options:
           --bom                 Prefix output with a UTF8 byte-order mark
           -e                    Send output to the system text editor
           -x                    Send output as CSV to a spreadsheet
      """)
  static let print = DotCommand(
    "print", minimumPrefix: 3, handler: OutputCommands.print,
    help: """
      .print STRING...         Print literal STRING
      """)
}

/// The dot-commands about where text goes: `.output`, `.once`, `.print`.
enum OutputCommands {
  static let output: DotCommand.Handler = { shell, arguments in
    redirect(shell, arguments, command: "output", once: false)
  }

  static let once: DotCommand.Handler = { shell, arguments in
    redirect(shell, arguments, command: "once", once: true)
  }

  /// `.excel`: the next command's output as CSV in the spreadsheet (`.once -x`).
  static let excel: DotCommand.Handler = { shell, arguments in
    redirect(shell, arguments, command: "excel", once: true)
  }

  /// `.output ?FILE?` and `.once ?FILE?`: a file, `|command`, `stdout`, `stderr`, or `off`;
  /// with `-e` or `-x` (and for `.excel`) a temporary file the system's opener shows.
  private static func redirect(
    _ shell: Shell, _ arguments: [String], command: String, once: Bool
  ) -> DotCommand.Outcome {
    guard shell.allowedInSafeMode("cannot run .\(command) in safe mode") else { return .failure }
    var file: String?
    var fileText = SQLText()
    var byteOrderMark = false
    let isExcel = command == "excel"
    var viewed: ViewedOutput.Kind? = isExcel ? .spreadsheet : nil
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      if word.hasPrefix("-") {
        let option = word.hasPrefix("--") ? String(word.dropFirst()) : word
        if option == "-bom" {
          byteOrderMark = true
        } else if !isExcel && option == "-x" {
          viewed = .spreadsheet
        } else if !isExcel && option == "-e" {
          viewed = .text
        } else {
          shell.output.write("ERROR: unknown option: \"\(word)\".  Usage:\n")
          shell.writeUsageHelp(shell.typedCommandName(or: command))
          return .failure
        }
      } else if file == nil && viewed == nil {
        file = word
        fileText = shell.argumentText(index, of: arguments)
        if word.hasPrefix("|") {
          file = ([word] + arguments[(index + 1)...]).joined(separator: " ")
          for rest in (index + 1)..<arguments.count {
            fileText.append(UInt8(ascii: " "))
            fileText.append(shell.argumentText(rest, of: arguments))
          }
          break
        }
      } else {
        shell.output.write("ERROR: extra parameter: \"\(word)\".  Usage:\n")
        shell.writeUsageHelp(shell.typedCommandName(or: command))
        return .failure
      }
      index += 1
    }
    var target = file ?? "stdout"
    shell.redirection.onceCountdown = once ? 2 : 0
    shell.resetOutput()
    if let viewed {
      target = shell.startViewedOutput(viewed)
      file = target
      fileText = SQLText(target)
    }
    let sink: OutputSink?
    if target.hasPrefix("|") {
      shell.standardOutput.flush()
      sink = OutputSink.open(command: SQLText(bytes: fileText.bytes.dropFirst()))
      if sink == nil {
        shell.errors.write("Error: cannot open pipe \"\(target.dropFirst())\"\n")
        return .failure
      }
    } else {
      sink = openFile(target, text: file == nil ? nil : fileText, shell: shell)
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
  ///
  /// `text` is the name's exact bytes, when they may not be UTF-8.
  static func openFile(_ name: String, text: SQLText? = nil, shell: Shell) -> OutputSink? {
    switch name {
    case "stdout": return shell.standardOutput
    case "stderr": return shell.errors
    case "off": return nil
    default:
      let sink = OutputSink.open(path: text ?? SQLText(name))
      if sink == nil { shell.errors.write("Error: cannot open \"\(name)\"\n") }
      return sink
    }
  }

  static let print: DotCommand.Handler = { shell, arguments in
    for index in arguments.indices {
      if index > 0 { shell.output.write(" ") }
      shell.output.write(shell.argumentText(index, of: arguments))
    }
    shell.output.write("\n")
    return .success
  }
}
