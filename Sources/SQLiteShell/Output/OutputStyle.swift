/// Every knob that decides how a result is rendered: the state `.mode`, `.headers`,
/// `.separator`, `.nullvalue` and `.width` change.
package struct OutputStyle: Sendable, Equatable {
  /// The output mode.
  package var mode: OutputMode = .list
  /// The column separator (`.separator COL`); `|` by default.
  package var columnSeparator: String = "|"
  /// The row separator (`.separator COL ROW`); `\n` by default.
  package var rowSeparator: String = "\n"
  /// Whether column names are printed (`.headers on`).
  package var showHeaders: Bool = false
  /// Whether `.headers` (or `-header`/`-noheader`) was ever given.
  ///
  /// `.mode column` turns headers on only while this is `false`; the engine sets it together
  /// with ``showHeaders``.
  package var headersSetExplicitly: Bool = false
  /// The text printed for NULL in text modes (`.nullvalue`).
  package var nullValue: String = ""
  /// Column widths from `.width` (negative: right-aligned; 0: automatic).
  package var columnWidths: [Int] = []

  /// Lengthens ``columnWidths`` with zeros to `count`, as sqlite3 does after a columnar
  /// result with a row: `.show` then prints a `0` for each column `.width` did not set.
  package mutating func lengthenColumnWidths(to count: Int) {
    if count > columnWidths.count {
      columnWidths += repeatElement(0, count: count - columnWidths.count)
    }
  }
  /// `--wrap N` for columnar modes: the widest a column grows before wrapping; 0 is no limit.
  package var wrapWidth: Int = 0
  /// `--wordwrap on`: wrap at word boundaries.
  package var wordWrap: Bool = false
  /// `--quote` for columnar modes: values printed as SQL literals.
  package var quoteValues: Bool = false
  /// The table name for `.mode insert TABLE`, unquoted; `"table"` by default.
  ///
  /// Written quoted when it needs quoting (a keyword or a non-identifier), as sqlite3 does.
  package var insertTable: String = "table"
  /// Whether text is measured by its display width instead of sqlite3's code-point count.
  ///
  /// Set on a terminal only (wide and combining characters); never for piped output.
  package var usesDisplayWidth: Bool = false
  /// Colour for column names and NULLs on a terminal; `nil` (the default) prints plain text.
  ///
  /// Set by the REPL only while results go to a colour terminal; never for piped output.
  package var decoration: OutputDecoration?

  /// The display mode's settings (`.maxrows`) and the window it draws in.
  package var display = DisplaySettings()

  /// How `EXPLAIN` results are laid out (`.explain on|off|auto`).
  package var explain: ExplainFormatting = .auto

  /// The default style: list mode, `|` and `\n`, no headers.
  package init() {}
}

/// The `.explain` setting.
package enum ExplainFormatting: String, Sendable, Equatable {
  /// sqlite3's explain layout for `EXPLAIN`, the plan tree for `EXPLAIN QUERY PLAN` (default).
  case auto
  /// The explain layout for every statement.
  case on
  /// The current mode for everything.
  case off
}
