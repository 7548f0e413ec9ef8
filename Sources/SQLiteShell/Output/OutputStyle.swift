/// Every knob that decides how a result is rendered: the state `.mode`, `.headers`,
/// `.separator`, `.nullvalue` and `.width` change.
public struct OutputStyle: Sendable, Equatable {
  /// The output mode.
  public var mode: OutputMode = .list
  /// The column separator (`.separator COL`); `|` by default.
  public var columnSeparator: String = "|"
  /// The row separator (`.separator COL ROW`); `\n` by default.
  public var rowSeparator: String = "\n"
  /// Whether column names are printed (`.headers on`).
  public var showHeaders: Bool = false
  /// Whether `.headers` (or `-header`/`-noheader`) was ever given.
  ///
  /// `.mode column` turns headers on only while this is `false`; the engine sets it together
  /// with ``showHeaders``.
  public var headersSetExplicitly: Bool = false
  /// The text printed for NULL in text modes (`.nullvalue`).
  public var nullValue: String = ""
  /// Column widths from `.width` (negative: right-aligned; 0: automatic).
  public var columnWidths: [Int] = []

  /// Lengthens ``columnWidths`` with zeros to `count`, as sqlite3 does after a columnar
  /// result with a row: `.show` then prints a `0` for each column `.width` did not set.
  public mutating func lengthenColumnWidths(to count: Int) {
    if count > columnWidths.count {
      columnWidths += repeatElement(0, count: count - columnWidths.count)
    }
  }
  /// `--wrap N` for columnar modes: the widest a column grows before wrapping; 0 is no limit.
  public var wrapWidth: Int = 0
  /// `--wordwrap on`: wrap at word boundaries.
  public var wordWrap: Bool = false
  /// `--quote` for columnar modes: values printed as SQL literals.
  public var quoteValues: Bool = false
  /// The table name for `.mode insert TABLE`, unquoted; `"table"` by default.
  ///
  /// Written quoted when it needs quoting (a keyword or a non-identifier), as sqlite3 does.
  public var insertTable: String = "table"
  /// Whether text is measured by its display width instead of sqlite3's code-point count.
  ///
  /// Set on a terminal only (wide and combining characters); never for piped output.
  public var usesDisplayWidth: Bool = false
  /// Colour for column names and NULLs on a terminal; `nil` (the default) prints plain text.
  ///
  /// Set by the REPL only while results go to a colour terminal; never for piped output.
  public var decoration: OutputDecoration?

  /// The display mode's settings (`.maxrows`) and the window it draws in.
  public var display = DisplaySettings()

  /// How `EXPLAIN` results are laid out (`.explain on|off|auto`).
  public var explain: ExplainFormatting = .auto

  /// The default style: list mode, `|` and `\n`, no headers.
  public init() {}
}

/// The `.explain` setting.
public enum ExplainFormatting: String, Sendable, Equatable {
  /// sqlite3's explain layout for `EXPLAIN`, the plan tree for `EXPLAIN QUERY PLAN` (default).
  case auto
  /// The explain layout for every statement.
  case on
  /// The current mode for everything.
  case off
}
