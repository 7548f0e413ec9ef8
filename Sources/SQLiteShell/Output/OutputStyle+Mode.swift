/// What `.mode` printed: text for stdout, messages for stderr, and whether it failed.
package struct ModeCommandOutcome: Sendable, Equatable {
  /// Text for standard output (the `current output mode: …` line), possibly empty.
  package var output: String = ""
  /// Messages for standard error, each ending in a newline, possibly empty.
  package var errors: String = ""
  /// Whether the command failed (sqlite3 counts it as an error: exit status 1, `-bail` stops).
  package var failed: Bool = false
}

extension OutputStyle {
  /// The columnar options of `.mode` (`--wrap`, `--wordwrap`, `--quote`).
  private struct ColumnarOptions {
    var wrap = 60
    var wordWrap = false
    var quote = false
  }

  /// Mode names in the order sqlite3 tries them; a `.mode` argument may be any prefix.
  private static let modeNames: [(name: String, mode: OutputMode)] = [
    ("lines", .line), ("columns", .column), ("list", .list), ("html", .html), ("tcl", .tcl),
    ("csv", .csv), ("tabs", .tabs), ("insert", .insert), ("quote", .quote), ("ascii", .ascii),
    ("markdown", .markdown), ("table", .table), ("box", .box), ("count", .count), ("off", .off),
    ("json", .json), ("display", .display),
  ]

  /// The line `.mode` prints with no mode argument, without the trailing newline.
  ///
  /// For example `current output mode: column --wrap 60 --wordwrap off --noquote`.
  package var modeDescription: String {
    if explain == .on { return "current output mode: explain" }
    let name = mode.reportedName
    guard mode.isColumnar else { return "current output mode: \(name)" }
    return "current output mode: \(name) --wrap \(wrapWidth) --wordwrap "
      + "\(wordWrap ? "on" : "off") --\(quoteValues ? "" : "no")quote"
  }

  /// Does what sqlite3's `.mode` does with `arguments` (the words after `.mode`).
  ///
  /// Sets the mode and the separators it implies (list and display `|` `\n`, csv `,` `\r\n`,
  /// tabs a tab, tcl a space, quote `,` `\n`, ascii 0x1F 0x1E), the columnar options, the insert
  /// table, and turns headers on for `column` unless ``headersSetExplicitly``. Without a mode it
  /// prints ``modeDescription`` and re-applies the current mode, as sqlite3 does (which resets the
  /// separators and columnar options).
  package mutating func applyModeCommand(_ arguments: [String]) -> ModeCommandOutcome {
    var outcome = ModeCommandOutcome()
    var options = ColumnarOptions()
    var modeName: String?
    var tableName: String?
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      if Self.isOption(word, "wrap"), index + 1 < arguments.count {
        index += 1
        options.wrap = ShellNumbers.columnWidth(ShellNumbers.integerValue(arguments[index]))
      } else if Self.isOption(word, "ww") {
        options.wordWrap = true
      } else if Self.isOption(word, "wordwrap"), index + 1 < arguments.count {
        index += 1
        let (value, warning) = ShellNumbers.booleanValue(arguments[index])
        options.wordWrap = value & 0xFF != 0
        outcome.errors += warning ?? ""
      } else if Self.isOption(word, "quote") {
        options.quote = true
      } else if Self.isOption(word, "noquote") {
        options.quote = false
      } else if modeName == nil {
        modeName = word
        if word == "qbox" {
          modeName = "box"
          options = ColumnarOptions(wrap: 60, wordWrap: false, quote: true)
        }
      } else if tableName == nil {
        tableName = word
      } else if word.hasPrefix("-") {
        outcome.errors += "unknown option: \(word)\noptions:\n  --noquote\n  --quote\n"
        outcome.errors += "  --wordwrap on/off\n  --wrap N\n  --ww\n"
        outcome.failed = true
        return outcome
      } else {
        outcome.errors += "extra argument: \"\(word)\"\n"
        outcome.failed = true
        return outcome
      }
      index += 1
    }
    if modeName == nil {
      outcome.output = modeDescription + "\n"
      modeName = explain == .on ? "explain" : mode.reportedName
    }
    let prefix = modeName.map { Array($0.utf8) } ?? []
    guard
      let match = Self.modeNames.first(where: {
        prefix.count <= $0.name.utf8.count
          && $0.name.utf8.starts(with: prefix)
          // litesh's own mode by its whole name only: every prefix sqlite3 rejects still fails.
          && ($0.mode != .display || prefix.count == $0.name.utf8.count)
      })
    else {
      outcome.errors +=
        "Error: mode should be one of: "
        + "ascii box column csv html insert json line list markdown qbox quote table tabs tcl\n"
      outcome.failed = true
      return outcome
    }
    apply(match.mode, options: options, tableName: tableName)
    // sqlite3's `.explain on` is a mode of its own: another mode replaces it, and EXPLAIN is
    // then shown as a plain result (`.show` says `explain: off`), not in the explain layout.
    if explain == .on { explain = .off }
    return outcome
  }

  private mutating func apply(_ newMode: OutputMode, options: ColumnarOptions, tableName: String?) {
    mode = newMode
    switch newMode {
    case .line:
      rowSeparator = "\n"
    case .column:
      if !headersSetExplicitly { showHeaders = true }
      rowSeparator = "\n"
      setColumnar(options)
    case .list, .display:
      // Off the screen the display mode prints list rows, sqlite3's default bytes: it resets
      // the separators as `.mode list` does, not keep another mode's (`,` after csv).
      columnSeparator = "|"
      rowSeparator = "\n"
    case .tcl:
      columnSeparator = " "
      rowSeparator = "\n"
    case .csv:
      columnSeparator = ","
      rowSeparator = "\r\n"
    case .tabs:
      mode = .list
      columnSeparator = "\t"
    case .insert:
      insertTable = tableName ?? "table"
    case .quote:
      columnSeparator = ","
      rowSeparator = "\n"
    case .ascii:
      columnSeparator = "\u{1F}"
      rowSeparator = "\u{1E}"
    case .markdown, .table, .box:
      setColumnar(options)
    default:
      break
    }
  }

  private mutating func setColumnar(_ options: ColumnarOptions) {
    wrapWidth = options.wrap
    wordWrap = options.wordWrap
    quoteValues = options.quote
  }

  /// sqlite3's `optionMatch`: `-name` or `--name`.
  private static func isOption(_ word: String, _ name: String) -> Bool {
    guard word.hasPrefix("-") else { return false }
    var rest = Substring(word).dropFirst()
    if rest.hasPrefix("-") { rest = rest.dropFirst() }
    return rest == name
  }
}
