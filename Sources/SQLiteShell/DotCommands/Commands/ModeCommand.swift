/// `.mode MODE ?OPTIONS?`: parses sqlite3's arguments and applies them to the output style.
enum ModeCommand {
  /// The options of columnar modes (`--wrap N --wordwrap B --quote`).
  struct ColumnOptions {
    var wrap = 60
    var wordWrap = false
    var quote = false
  }

  /// `-x` or `--x` naming option `name` (sqlite3's `optionMatch`).
  static func isOption(_ word: String, _ name: String) -> Bool {
    guard word.hasPrefix("-") else { return false }
    var rest = word.dropFirst()
    if rest.hasPrefix("-") { rest = rest.dropFirst() }
    return rest == name
  }

  static let run: DotCommand.Handler = { shell, arguments in
    var mode: String?
    var table: String?
    var options = ColumnOptions()
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      if isOption(word, "wrap") && index + 1 < arguments.count {
        index += 1
        options.wrap = Int(Int32(truncatingIfNeeded: DotCommandArguments.integer(arguments[index])))
      } else if isOption(word, "ww") {
        options.wordWrap = true
      } else if isOption(word, "wordwrap") && index + 1 < arguments.count {
        index += 1
        options.wordWrap = DotCommandArguments.boolean(arguments[index], errors: shell.errors)
      } else if isOption(word, "quote") {
        options.quote = true
      } else if isOption(word, "noquote") {
        options.quote = false
      } else if mode == nil {
        mode = word
        if word == "qbox" {
          mode = "box"
          options = ColumnOptions(wrap: 60, wordWrap: false, quote: true)
        }
      } else if table == nil {
        table = word
      } else if word.hasPrefix("-") {
        shell.errors.write(
          "unknown option: \(word)\noptions:\n  --noquote\n  --quote\n  --wordwrap on/off\n"
            + "  --wrap N\n  --ww\n")
        return .failure
      } else {
        shell.errors.write("extra argument: \"\(word)\"\n")
        return .failure
      }
      index += 1
    }
    let name: String
    if let mode {
      name = mode
    } else {
      shell.output.write("current output mode: \(describe(shell.state.style))\n")
      name = modeName(shell.state.style)
    }
    return apply(name, table: table, options: options, to: shell) ? .success : .failure
  }

  /// The mode's name as `.mode` and `.show` print it, with the columnar options.
  static func describe(_ style: OutputStyle) -> String {
    let name = modeName(style)
    switch style.mode {
    case .column, .table, .box, .markdown, .qbox:
      return "\(name) --wrap \(style.wrapWidth) --wordwrap \(style.wordWrap ? "on" : "off")"
        + " --\(style.quoteValues ? "" : "no")quote"
    default:
      return name
    }
  }

  /// sqlite3's name for the mode (`tabs` is list with a tab separator there).
  static func modeName(_ style: OutputStyle) -> String {
    if style.explain == .on { return "explain" }
    switch style.mode {
    case .tabs: return "list"
    case .qbox: return "box"
    case .line: return "line"
    default: return style.mode.rawValue
    }
  }

  /// Applies a mode name, matched by prefix in sqlite3's order; `false` for an unknown name.
  private static func apply(
    _ name: String, table: String?, options: ColumnOptions, to shell: Shell
  ) -> Bool {
    var style = shell.state.style
    func columnar(_ mode: OutputMode) {
      style.mode = mode
      style.wrapWidth = options.wrap
      style.wordWrap = options.wordWrap
      style.quoteValues = options.quote
    }
    func matches(_ full: String) -> Bool { !name.isEmpty && full.hasPrefix(name) }
    if matches("lines") {
      style.mode = .line
      style.rowSeparator = "\n"
    } else if matches("columns") {
      columnar(.column)
      if !shell.state.headersSetExplicitly { style.showHeaders = true }
      style.rowSeparator = "\n"
    } else if matches("list") {
      style.mode = .list
      style.columnSeparator = "|"
      style.rowSeparator = "\n"
    } else if matches("html") {
      style.mode = .html
    } else if matches("tcl") {
      style.mode = .tcl
      style.columnSeparator = " "
      style.rowSeparator = "\n"
    } else if matches("csv") {
      style.mode = .csv
      style.columnSeparator = ","
      style.rowSeparator = "\r\n"
    } else if matches("tabs") {
      style.mode = .tabs
      style.columnSeparator = "\t"
    } else if matches("insert") {
      style.mode = .insert
      style.insertTable = table ?? "table"
    } else if matches("quote") {
      style.mode = .quote
      style.columnSeparator = ","
      style.rowSeparator = "\n"
    } else if matches("ascii") {
      style.mode = .ascii
      style.columnSeparator = "\u{1F}"
      style.rowSeparator = "\u{1E}"
    } else if matches("markdown") {
      columnar(.markdown)
    } else if matches("table") {
      columnar(.table)
    } else if matches("box") {
      columnar(.box)
    } else if matches("json") {
      style.mode = .json
    } else {
      shell.errors.write(
        "Error: mode should be one of: ascii box column csv html insert json line list markdown"
          + " qbox quote table tabs tcl\n")
      return false
    }
    if style.explain == .on { style.explain = .off }
    shell.state.style = style
    return true
  }
}
