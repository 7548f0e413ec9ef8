import SQLiteCore

extension CommandLineOption {
  /// Sets an output mode the way sqlite3's mode flags do (only some reset the separators).
  private static func mode(
    _ name: String, _ summary: String, _ mode: OutputMode, columns: String? = nil,
    rows: String? = nil
  ) -> CommandLineOption {
    CommandLineOption(name, summary) { settings, _ in
      settings.state.style.mode = mode
      if let columns { settings.state.style.columnSeparator = columns }
      if let rows { settings.state.style.rowSeparator = rows }
    }
  }

  /// Every option litesh accepts, in `-help` order; `-cmd` is handled by the launcher.
  package static let table: [CommandLineOption] = [
    // The launcher runs it: every word after it is the archive command's.
    CommandLineOption("A", "run \".archive ARGS\" and exit", label: "-A ARGS...") { _, _ in },
    CommandLineOption("append", "append the database to the end of the file", phase: .early) {
      settings, _ in
      settings.state.openOptions.mode = .readWriteCreate
      settings.state.openOptions.vfs = AppendedDatabase.vfsName
      settings.state.deserializesDatabase = false
      settings.state.opensZipArchive = false
    },
    mode("ascii", "set output mode to 'ascii'", .ascii, columns: "\u{1F}", rows: "\u{1E}"),
    CommandLineOption("bail", "stop after hitting an error", phase: .early) { settings, _ in
      settings.state.bail = true
    },
    CommandLineOption("batch", "force batch I/O", phase: .early) { settings, _ in
      settings.forcedInteractive = false
    },
    mode("box", "set output mode to 'box'", .box),
    mode("column", "set output mode to 'column'", .column),
    CommandLineOption("cmd", argument: "COMMAND", "run \"COMMAND\" before reading stdin"),
    mode("csv", "set output mode to 'csv'", .csv, columns: ","),
    CommandLineOption(
      "deserialize", "open the database using sqlite3_deserialize()", phase: .early
    ) { settings, _ in
      settings.state.deserializesDatabase = true
      settings.state.openOptions.mode = .readWriteCreate
      settings.state.openOptions.vfs = nil
      settings.state.opensZipArchive = false
    },
    CommandLineOption("echo", "print inputs before execution") { settings, _ in
      settings.state.echo = true
    },
    CommandLineOption("init", argument: "FILENAME", "read/process named file", phase: .early) {
      settings, file in settings.initFile = file
    },
    CommandLineOption("header", "turn headers on or off", label: "-[no]header") { settings, _ in
      settings.state.style.showHeaders = true
      settings.state.style.headersSetExplicitly = true
    },
    CommandLineOption("noheader", "turn headers off", isListed: false) { settings, _ in
      settings.state.style.showHeaders = false
      settings.state.style.headersSetExplicitly = true
    },
    CommandLineOption("help", "show this message") { settings, _ in settings.printHelp = true },
    mode("html", "set output mode to HTML", .html),
    CommandLineOption("interactive", "force interactive I/O") { settings, _ in
      settings.forcedInteractive = true
    },
    mode("json", "set output mode to 'json'", .json),
    mode("line", "set output mode to 'line'", .line),
    mode("list", "set output mode to 'list'", .list),
    CommandLineOption(
      "lookaside", arguments: "SIZE N", count: 2,
      "use N entries of SZ bytes for lookaside memory", phase: .early
    ) { settings, values in
      let size = max(0, Int32(truncatingIfNeeded: DotCommandArguments.integer(values[0])))
      let count = max(0, Int32(truncatingIfNeeded: DotCommandArguments.integer(values[1])))
      settings.lookaside = (size, count)
      if size &* count == 0 { settings.state.showsLookasideStatistics = false }
    },
    mode("markdown", "set output mode to 'markdown'", .markdown),
    CommandLineOption(
      "maxsize", argument: "N", "maximum size for a --deserialize database", phase: .early,
      isUnknownWithoutArgument: true
    ) { settings, value in
      settings.state.deserializedSizeLimit = DotCommandArguments.integer(value ?? "")
    },
    CommandLineOption(
      "memtrace", "trace all memory allocations and deallocations", phase: .early
    ) { settings, _ in settings.tracesMemory = true },
    CommandLineOption("mmap", argument: "N", "default mmap size set to N", phase: .early) {
      settings, value in settings.memoryMapSize = DotCommandArguments.integer(value ?? "")
    },
    CommandLineOption(
      "newline", argument: "SEP", "set output row separator. Default: '\\n'"
    ) { settings, value in settings.state.style.rowSeparator = SettingCommands.clipped(value ?? "")
    },
    CommandLineOption(
      "nofollow", "refuse to open symbolic links to database files", phase: .early
    ) { settings, _ in settings.state.openOptions.noFollow = true },
    CommandLineOption("nonce", argument: "STRING", "set the safe-mode escape nonce") {
      settings, value in settings.state.safeModeNonce = value
    },
    CommandLineOption(
      "nullvalue", argument: "TEXT", "set text string for NULL values. Default ''"
    ) { settings, value in settings.state.style.nullValue = SettingCommands.clipped(value ?? "") },
    CommandLineOption(
      "pagecache", arguments: "SIZE N", count: 2,
      "use N slots of SZ bytes each for page cache memory", phase: .early
    ) { settings, values in
      // sqlite3's limits: slots of at most 70000 bytes, at most 2^48 bytes in all.
      let size = Int(min(70000, max(0, DotCommandArguments.integer(values[0]))))
      var count = Int(DotCommandArguments.integer(values[1]))
      if size > 0 && count > 0 && 0xFFFF_FFFF_FFFF / size < count {
        count = 0xFFFF_FFFF_FFFF / size
      }
      settings.pageCache = (size, count)
      settings.state.showsPageCacheStatistics = true
    },
    mode("quote", "set output mode to 'quote'", .quote, columns: ",", rows: "\n"),
    CommandLineOption("readonly", "open the database read-only", phase: .early) { settings, _ in
      settings.state.openOptions.mode = .readOnly
      settings.state.deserializesDatabase = false
      settings.state.openOptions.vfs = nil
      settings.state.opensZipArchive = false
    },
    CommandLineOption("safe", "enable safe-mode") { settings, _ in settings.state.isSafe = true },
    CommandLineOption(
      "separator", argument: "SEP", "set output column separator. Default: '|'"
    ) { settings, value in
      settings.state.style.columnSeparator = SettingCommands.clipped(value ?? "")
    },
    CommandLineOption("stats", "print memory stats before each finalize") { settings, _ in
      settings.state.statistics = .on
    },
    mode("table", "set output mode to 'table'", .table),
    mode("tabs", "set output mode to 'tabs'", .tabs, columns: "\t", rows: "\n"),
    CommandLineOption("version", "show SQLite version") { settings, _ in
      settings.printVersion = true
    },
    CommandLineOption("vfs", argument: "NAME", "use NAME as the default VFS", phase: .early) {
      settings, value in settings.vfsName = value
    },
    CommandLineOption("zip", "open the file as a ZIP Archive", phase: .early) { settings, _ in
      settings.state.opensZipArchive = true
      settings.state.openOptions.mode = .readWriteCreate
      settings.state.openOptions.vfs = nil
      settings.state.deserializesDatabase = false
    },
    CommandLineOption("eqp", "show the query plan of each statement", isListed: false) {
      settings, _ in settings.state.queryPlan = .on
    },
    CommandLineOption("eqpfull", "show the query plan and bytecode", isListed: false) {
      settings, _ in settings.state.queryPlan = .full
    },
    // litesh's own options, listed by -help after sqlite3's.
    CommandLineOption(
      "completions", argument: "SHELL", "print the bash, zsh or fish completion script",
      phase: .early, origin: .litesh
    ) { settings, value in settings.completionShell = value },
    CommandLineOption(
      "readers", argument: "N", "run read-only queries on N readers (WAL)", phase: .early,
      origin: .litesh
    ) { settings, value in
      let text = value ?? "0"
      let parsed = ReadersCommand.count(text)
      settings.state.readerCount = parsed?.count ?? 0
      settings.readersAreCapped = parsed?.isCapped ?? false
      settings.invalidReaders = parsed == nil ? text : nil
    },
  ]

  /// The option named `name` (without dashes), if litesh has it.
  package static func named(_ name: String) -> CommandLineOption? {
    table.first { $0.name == name }
  }

  /// The `-help` text, as sqlite3 prints it with `program` as the name.
  package static func usage(program: String) -> String {
    var text = "Usage: \(program) [OPTIONS] FILENAME [SQL]\n"
    text += "FILENAME is the name of an SQLite database. A new database is created\n"
    text += "if the file does not previously exist.\n"
    text += "OPTIONS include:\n"
    for option in table where option.isListed && option.origin == .sqlite3 {
      text += option.helpLine + "\n"
    }
    text += ownOptionsHeading + "\n"
    for option in table where option.isListed && option.origin == .litesh {
      text += option.helpLine + "\n"
    }
    return text
  }

  /// The line `-help` prints above litesh's own options, after sqlite3's.
  package static let ownOptionsHeading = "litesh's own options:"
}
