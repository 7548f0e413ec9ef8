/// The `.help` texts of litesh's `.describe` and `.watch`.
extension HelpText {
  static let describeHelp = [
    ".describe TABLE          Show a table's or view's columns, rows, indexes, foreign keys",
    "     Columns with type, NOT NULL, default, primary-key position and collation",
  ]
  static let watchHelp = [
    ".watch ?OPTIONS? ?SECONDS? ?SQL?  Run read-only SQL again every SECONDS",
    "     SECONDS defaults to 2, SQL to the last SQL run.  Ctrl-C stops",
    "     --count N     Stop after N runs (needed when input is not a terminal)",
  ]
}
