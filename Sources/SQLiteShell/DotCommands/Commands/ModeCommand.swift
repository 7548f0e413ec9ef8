/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let mode = DotCommand(
    "mode", handler: ModeCommand.run,
    help: """
      .mode MODE ?OPTIONS?     Set output mode
         MODE is one of:
           ascii       Columns/rows delimited by 0x1F and 0x1E
           box         Tables using unicode box-drawing characters
           csv         Comma-separated values
           column      Output in columns.  (See .width)
           html        HTML <table> code
           insert      SQL insert statements for TABLE
           json        Results in a JSON array
           line        One value per line
           list        Values delimited by "|"
           markdown    Markdown table format
           qbox        Shorthand for "box --wrap 60 --quote"
           quote       Escape answers as for SQL
           table       ASCII-art table
           tabs        Tab-separated values
           tcl         TCL list elements
         OPTIONS: (for columnar modes or insert mode):
           --wrap N       Wrap output lines to no longer than N characters
           --wordwrap B   Wrap or not at word boundaries per B (on/off)
           --ww           Shorthand for "--wordwrap 1"
           --quote        Quote output text as SQL literals
           --noquote      Do not quote output text
           TABLE          The name of SQL table used for "insert" mode
      """)
}

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
