/// `.mode MODE ?OPTIONS?`: hands the arguments to ``OutputStyle/applyModeCommand(_:)`` and
/// prints what it reports.
enum ModeCommand {
  /// `-x` or `--x` naming option `name` (sqlite3's `optionMatch`).
  static func isOption(_ word: String, _ name: String) -> Bool {
    guard word.hasPrefix("-") else { return false }
    var rest = word.dropFirst()
    if rest.hasPrefix("-") { rest = rest.dropFirst() }
    return rest == name
  }

  static let run: DotCommand.Handler = { shell, arguments in
    let outcome = shell.state.style.applyModeCommand(arguments)
    shell.output.write(outcome.output)
    shell.errors.write(outcome.errors)
    return outcome.failed ? .failure : .success
  }

  /// The mode as `.show` prints it (`box --wrap 60 --wordwrap off --quote`).
  static func describe(_ style: OutputStyle) -> String {
    String(style.modeDescription.dropFirst("current output mode: ".count))
  }
}
