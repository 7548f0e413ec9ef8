extension HelpText {
  static let maxrowsHelp = [
    ".maxrows auto|N          Rows the display mode draws: the first and last N/2",
    "     The display mode (.mode display) is the default when a person reads the",
    "     results on a terminal: a box fitted to the window, NULL shown, numbers",
    "     right-aligned, a footer counting all rows; elsewhere it prints list mode.",
    "     auto (default): as many as fit the window's height.  0: every row",
  ]
  static let lastHelp = [
    ".last                    Show the last display-mode result again, complete",
    "     Every row, whole columns, through $LITESH_PAGER, else $PAGER, else",
    "     \"less -SRX\"; the rows are kept as they were, the statement is not re-run",
  ]
}
