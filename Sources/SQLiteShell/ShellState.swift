import DqliteClient
package import SQLiteCore

/// The settings of a shell session that dot-commands and options change.
///
/// Grouped here (not spread over ``Shell``) so later features slot in as fields: the read pool
/// size for `.readers`, `.parameter` bindings, the open transaction for `.begin`.
package struct ShellState {
  /// How results are rendered (`.mode`, `.headers`, `.separator`, `.nullvalue`, `.width`).
  package var style = OutputStyle()
  /// `.echo on`: print each input before running it.
  package var echo = false
  /// `.bail on` / `-bail`: stop at the first error in non-interactive input.
  package var bail = false
  /// `.changes on`: print the change counts after each SQL chunk.
  package var countChanges = false
  /// `.timer on`: print the run time of each SQL chunk.
  package var timer = false
  /// `.eqp`: run `EXPLAIN QUERY PLAN` before each statement.
  package var queryPlan = QueryPlanMode.off
  /// `.prompt MAIN`: the main prompt.
  package var mainPrompt = "litesh> "
  /// `.prompt MAIN CONTINUE`: the prompt while SQL is pending.
  package var continuationPrompt = "   ...> "
  /// Whether errors omit line numbers and `.bail` is ignored (a person is typing).
  package var isInteractive = false
  /// Who is at the other end: a person at a terminal, or a program (``SessionAudience``).
  ///
  /// Decided once at start-up; a program (the default, and every in-process test's) gets
  /// sqlite3's bytes.
  package var audience = SessionAudience(kind: .program, readsResultsOnScreen: false)
  /// `-safe`: refuse commands that touch files or run programs.
  package var isSafe = false
  /// `-nonce STRING`: the nonce `.nonce` must repeat to lift safe mode for one command.
  package var safeModeNonce: String?
  /// The database file name as given (`:memory:` when none).
  package var databasePath = ":memory:" {
    didSet { namesDqliteCluster = DqliteAddress.isDqliteURL(databasePath) }
  }
  /// Whether ``databasePath`` is a `dqlite://` address: kept with the path, since every
  /// statement asks (a `hasPrefix` on the path was ~120 instructions a statement).
  package private(set) var namesDqliteCluster = false
  /// How the database is opened (`-readonly`, `-nofollow`).
  package var openOptions = OpenOptions.default
  /// `-deserialize`, `.open --deserialize`: the database is an in-memory copy of the file,
  /// and writes never reach the file.
  package var deserializesDatabase = false
  /// `.open --hexdb`: the in-memory database is loaded from `dbtotxt` text (the file named, or
  /// the lines after the command) instead of a database file; ``deserializesDatabase`` is set.
  package var readsHexDatabase = false
  /// `-zip`, `.open --zip`: open the file as a ZIP archive, whatever it holds.
  package var opensZipArchive = false
  /// The ZIP archive the current (in-memory) database shows as its table `zip`, or `nil`.
  package internal(set) var zipArchivePath: String?
  /// Set between opening a ZIP archive's in-memory database and creating its table `zip`.
  var createsZipTable = false
  /// `-maxsize N`, `.open --maxsize N`: the most bytes a deserialized database may grow to
  /// (0: no limit).
  package var deserializedSizeLimit: Int64 = 0
  /// `-pagecache`: `.stats` shows the page-cache pages used (sqlite3's `SHFLG_Pagecache`).
  package var showsPageCacheStatistics = false
  /// Whether `.stats` shows the lookaside counters: not after `-lookaside 0 0` (sqlite3's
  /// `SHFLG_Lookaside`).
  package var showsLookasideStatistics = true
  /// `.readers N` / `--readers N`: readers for a database file (0: one connection, as sqlite3).
  package var readerCount = 0
  /// `.timeout MS`: the busy timeout, kept for the connections a read pool opens.
  package var busyTimeout: Int32 = 0
  /// `.stats`: what is printed after each statement.
  package var statistics = StatisticsMode.off
  /// The name `.show` reports for the current output (`stdout`, a file, `|command`).
  package var outputName = ""
  /// `.color`: colour for headers, NULLs and errors on a terminal (auto: unless `NO_COLOR`).
  package var color = TerminalSetting.auto
  /// `.pager`: page results on a terminal (auto: only when they do not fit the screen).
  package var pager = TerminalSetting.off

  /// The default settings: list mode, no headers, interactive off.
  package init() {}

  /// The `.color` and `.pager` settings.
  package enum TerminalSetting: String, Sendable {
    /// Always, when the output is a terminal.
    case on
    /// Never.
    case off
    /// When the terminal and the output call for it.
    case auto
  }

  /// The `.eqp` settings.
  package enum QueryPlanMode: String, Sendable {
    /// No automatic plan.
    case off
    /// The `QUERY PLAN` tree before each statement.
    case on
    /// The tree and the `EXPLAIN` bytecode.
    case full
    /// Like `full`, with trigger bytecode.
    case trigger
  }
}
