import SQLiteCore

/// How input lines become dot-commands and SQL runs, for the main input and nested `.read`.
extension Shell {
  /// The deepest `.read` nesting sqlite3 allows.
  static let maximumInputDepth = 25

  /// Acts on one disposition of an ``InputBuffer``.
  func perform(_ disposition: InputBuffer.Disposition, lineNumbers: Bool) -> DotCommand.Outcome {
    switch disposition {
    case .pending:
      return .success
    case .skip(let echo):
      if let echo { echoInput(echo) }
      return .success
    case .dotCommand(let line):
      echoInput(line)
      return runDotCommand(line)
    case .sql(let sql, let line):
      echoInput(sql)
      if input.depth == 0 { lastSQLText = sql }
      let succeeded = runSQL(sql, line: lineNumbers ? line : nil)
      if redirection.onceCountdown > 0 {
        resetOutput()
        redirection.onceCountdown = 0
      }
      return succeeded ? .success : .failure
    }
  }

  /// `.echo on`: the input as read, on the current output.
  func echoInput(_ text: SQLText) {
    guard state.echo else { return }
    output.write(text)
    output.write("\n")
  }

  /// Processes a whole nested input (`.read`, the init file) and tells whether it had errors.
  ///
  /// The input has its own line numbers and its own pending SQL; `.quit` ends only this input.
  func processNestedInput(_ reader: LineReader) -> Bool {
    if input.depth >= Shell.maximumInputDepth {
      errors.write(
        "Input nesting limit (\(Shell.maximumInputDepth)) reached at line \(input.lineNumber)."
          + " Check recursion.\n")
      return true
    }
    input.depth += 1
    let savedLineNumber = input.lineNumber
    defer {
      input.depth -= 1
      input.lineNumber = savedLineNumber
    }
    var buffer = InputBuffer()
    var errorCount = 0
    // After a Ctrl-C sqlite3 reads no further line of a nested input (and the REPL goes on):
    // the rest of a script, its dot-commands too, never runs half.
    reading: while errorCount == 0 || !state.bail, exitCode == nil, pendingStop == nil,
      !isInterruptedByUser(), let line = reader.nextText()
    {
      if input.hexDatabase != nil {
        buffer.skipLine()
        line.withUnsafeBytes { takeHexDatabaseLine($0) }
        continue
      }
      let disposition = buffer.feed(line)
      input.lineNumber = buffer.lineNumber
      flushBeforeInputLine()
      switch perform(disposition, lineNumbers: true) {
      case .success: break
      case .failure: errorCount += 1
      case .quit: break reading
      }
    }
    finishHexDatabaseInput()
    if isInterruptedByUser() { return true }
    if exitCode == nil, perform(buffer.finish(), lineNumbers: true) == .failure {
      errorCount += 1
    }
    return errorCount > 0
  }

  /// Splits, resolves and runs one dot-command line.
  func runDotCommand(_ line: String) -> DotCommand.Outcome { runDotCommand(SQLText(line)) }

  /// Flushes standard output before an input line when standard error shares its pipe or file.
  ///
  /// sqlite3 flushes its output before each input line, so with `2>&1` a message (written
  /// through) comes after the earlier lines' output and before its own line's. For the main
  /// input and for nested ones (`.read`).
  func flushBeforeInputLine() {
    if errors.writesThrough { standardOutput.flush() }
  }

  /// What asks one of litesh's own dot-commands for its help text.
  static let helpWords: Set<String> = ["--help", "-help", "-h"]

  /// Splits, resolves and runs one dot-command line given as bytes.
  ///
  /// Handlers get the words as strings; those that pass text on (`.print`, file names,
  /// `.parameter set`) read the exact bytes from ``RunningCommand/argumentBytes``.
  func runDotCommand(_ line: SQLText) -> DotCommand.Outcome {
    connections.pendingExpert = nil  // as in sqlite3, any dot-command drops a waiting `.expert`
    forgetLiteralInserts()  // it may change the schema the prepared shapes were made for
    let wordBytes = DotCommandArguments.splitBytes(line)
    let words = wordBytes.map { String(decoding: $0, as: UTF8.self) }
    let saved = (command.argumentBytes, command.name, command.line)
    command.argumentBytes = Array(wordBytes.dropFirst())
    command.line = line
    defer { (command.argumentBytes, command.name, command.line) = saved }
    guard let name = words.first else { return .success }
    command.name = name
    let outcome: DotCommand.Outcome
    let command = registry.resolve(name)
    if let command, command.origin == .litesh, words.count == 2, Self.helpWords.contains(words[1]) {
      // litesh's own commands answer `--help` with their `.help` text; sqlite3's keep
      // sqlite3's behaviour, whatever it does with the word.
      outcome = SessionCommands.help(self, [command.name])
    } else if let command, let handler = command.handler {
      outcome = handler(self, Array(words.dropFirst()))
    } else if let command {
      outcome = ConnectionCommands.unsupported(command.name, shell: self)
    } else {
      errors.write(
        "Error: unknown command or invalid arguments:  \"\(name)\". Enter \".help\" for help\n")
      // A person at the prompt also gets the nearest commands; everyone else sqlite3's bytes.
      if state.isInteractive, state.audience.isPerson,
        case let closest = registry.closestCommands(to: name), !closest.isEmpty
      {
        errors.write(
          "  did you mean " + closest.map { "." + $0 }.joined(separator: " or ") + "?\n")
      }
      outcome = .failure
    }
    reconcileTransaction()
    forgetLiteralInserts()
    if command?.name != "nonce" { endSafeModeSuspension() }
    noteDotCommandForReaders(command?.name)
    if redirection.onceCountdown > 0 {
      redirection.onceCountdown -= 1
      if redirection.onceCountdown == 0 { resetOutput() }
    }
    return outcome
  }

  /// The exact bytes of `arguments[index]`, the running dot-command's argument as typed.
  ///
  /// A handler called directly (not through `runDotCommand`) gets the string's bytes.
  func argumentText(_ index: Int, of arguments: [String]) -> SQLText {
    if command.argumentBytes.count == arguments.count, command.argumentBytes.indices.contains(index)
    {
      return SQLText(bytes: command.argumentBytes[index])
    }
    return SQLText(arguments[index])
  }

  /// Sends output back to stdout, closing a file or waiting for a pipe.
  func resetOutput() {
    if output !== standardOutput {
      output.close()
      _ = reportWriteFailure(of: output, name: state.outputName)
      output = standardOutput
    }
    finishViewedOutput()
    state.outputName = ""
  }
}
