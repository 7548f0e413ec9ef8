/// The output modes of `.mode`, as sqlite3 3.40.1 names them.
package enum OutputMode: String, CaseIterable, Sendable {
  /// Values separated by `.separator` (default `|`), one row per line.
  case list
  /// RFC 4180 CSV with CRLF row ends.
  case csv
  /// Values separated by tabs (`.mode tabs` is list mode with a tab separator).
  case tabs
  /// One `name = value` line per column, a blank line between rows.
  case line
  /// Left-aligned columns with a dashed header rule.
  case column
  /// An ASCII-art table (`+---+`).
  case table
  /// A Unicode box-drawing table.
  case box
  /// A Markdown pipe table.
  case markdown
  /// A JSON array of objects, one per row.
  case json
  /// SQL `INSERT` statements for `.mode insert TABLE`.
  case insert
  /// SQL literals separated by commas.
  case quote
  /// HTML `<TR>` rows.
  case html
  /// Unit and record separators 0x1F and 0x1E.
  case ascii
  /// TCL list elements.
  case tcl
  /// `box --wrap 60 --quote`.
  case qbox
  /// Prints only the number of rows (`.mode count`, undocumented in sqlite3).
  case count
  /// Prints nothing (`.mode off`, undocumented in sqlite3).
  case off
  /// sqlite3's special layout for `EXPLAIN` output (not selectable with `.mode`).
  case explain
  /// litesh's display mode for a person at a terminal: a box fitted to the window, NULL
  /// shown, numbers right-aligned, the first and last rows and a footer (`.maxrows`, `.last`).
  ///
  /// The default when a person reads the results on a terminal and no mode was chosen.
  /// Written anywhere but that terminal (a pipe, `.output`, `.once`) it prints list mode.
  case display

  /// The modes `.mode` accepts, in the order sqlite3 lists them in its error message.
  package static let selectable: [OutputMode] = [
    .ascii, .box, .column, .csv, .html, .insert, .json, .line, .list, .markdown, .qbox, .quote,
    .table, .tabs, .tcl, .display,
  ]

  /// Whether the mode must see all rows before printing any (column widths).
  package var isColumnar: Bool {
    switch self {
    case .column, .table, .box, .markdown, .qbox: true
    default: false
    }
  }

  /// The name sqlite3 reports for this mode in `.mode` and `.show` (`tabs` is `list` there).
  package var reportedName: String {
    switch self {
    case .tabs: "list"
    case .qbox: "box"
    default: rawValue
    }
  }
}
