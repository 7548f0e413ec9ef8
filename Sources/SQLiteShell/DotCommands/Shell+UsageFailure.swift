extension Shell {
  /// Writes `Usage: TEXT` on standard error for a dot-command given the wrong arguments.
  ///
  /// For the usage sqlite3 prints in place of its help line (`.clone FILENAME`, not
  /// `.clone NEWDB`); where the two are the same, pass the command instead.
  func usageFailure(_ text: String) -> DotCommand.Outcome {
    errors.write("Usage: \(text)\n")
    errors.flush()
    return .failure
  }

  /// Writes `Usage: ` and the command's usage, the start of its help line (`.read FILE`).
  ///
  /// `flush` keeps each command's behaviour as it was before usage came from the declaration:
  /// `.auth` and litesh's transaction and cluster commands flushed standard error at once, the
  /// others leave it buffered. It only shows when both streams go to one pipe (`2>&1`).
  func usageFailure(_ command: DotCommand, flush: Bool = false) -> DotCommand.Outcome {
    errors.write("Usage: \(command.usage)\n")
    if flush { errors.flush() }
    return .failure
  }

  /// Writes on the output the `.help` lines for `pattern` that sqlite3's `showHelp` prints
  /// after a command's bad arguments: sqlite3's commands only, and the pattern is what sqlite3
  /// passes, the name as typed for some commands (`.o x y` lists `.once`, `.open`, `.output`).
  func writeUsageHelp(_ pattern: String) {
    for line in registry.help(matching: pattern, sqlite3Only: true) { output.write(line + "\n") }
  }

  /// The running dot-command's name as typed (`o` for `.o x y`), or `name` when a handler
  /// runs without one (called directly, not from an input line).
  func typedCommandName(or name: String) -> String {
    command.name.isEmpty ? name : command.name
  }

  /// A one-value setting (`.maxrows`, `.color`, `.pager`): with no argument prints
  /// `NAME: VALUE`, with more than one fails with the usage, else gives the word to `set`.
  func oneValueSetting(
    _ command: DotCommand, _ arguments: [String], current: @autoclosure () -> String,
    set: (String) -> DotCommand.Outcome
  ) -> DotCommand.Outcome {
    guard let word = arguments.first else {
      output.write("\(command.name): \(current())\n")
      return .success
    }
    guard arguments.count == 1 else { return usageFailure(command) }
    return set(word)
  }
}
