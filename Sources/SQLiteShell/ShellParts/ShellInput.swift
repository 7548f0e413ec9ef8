import SQLiteCore

/// What the shell is reading: the pending SQL, where in which input it is, and what the input
/// asked for besides SQL (``Shell/input``).
struct ShellInput {
  /// The SQL read so far and not yet run.
  var buffer = InputBuffer()
  /// How deep `.read` (and the init file) nest: 0 on the main input.
  var depth = 0
  /// The line number of the line being processed in the current input (for `-safe` messages).
  var lineNumber = 0
  /// `.open --hexdb` without a file: the reader that takes the input's next lines.
  var hexDatabase: HexDatabaseParser?
  /// `.testcase NAME`: the name `.check` reports (empty before any `.testcase`).
  var testcaseName = SQLText()
  /// The text `.edit` asked to edit, until the REPL (which owns the terminal) takes it.
  var editRequest: String?
}
