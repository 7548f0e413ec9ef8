import SQLiteCore

/// litesh's own config file: dot-commands (and SQL) for litesh's settings, such as `.maxrows`,
/// `.pager`, `.color` and `.mode display`, kept out of `~/.sqliterc`, which sqlite3 reads too
/// and would reject them.
///
/// `$XDG_CONFIG_HOME/litesh/config`, else `~/.config/litesh/config`. It is read right after
/// `~/.sqliterc` under the same rules: at every start (interactive or not, `-batch`, `-safe`),
/// and not when `-init FILE` replaces `~/.sqliterc`. A missing file is no error. Each message
/// a line of it causes starts with the file's name and the line number. A line choosing the
/// display mode does nothing when the results do not reach a person's screen.
package enum ConfigFile {
  /// The environment variable naming the base directory.
  package static let directoryVariable = "XDG_CONFIG_HOME"

  /// The config file's path: under an absolute `$XDG_CONFIG_HOME` (a relative one is ignored,
  /// as the XDG rules say), else under `$HOME/.config`, else under `homeDirectory/.config`;
  /// `nil` when there is none of them.
  package static func path(environment: (String) -> String?, homeDirectory: String?) -> String? {
    if let base = environment(directoryVariable), base.hasPrefix("/") {
      return base + "/litesh/config"
    }
    let home = environment("HOME").flatMap { $0.isEmpty ? nil : $0 } ?? homeDirectory
    return home.map { $0 + "/.config/litesh/config" }
  }

  /// The reader count the last `.readers N` line of the file at `path` asks for, read before
  /// the database opens: the preference `--readers N` would set.
  ///
  /// Taken when the line only runs later, the reopen it asked for dropped what `~/.sqliterc`
  /// had set on the connection (pragmas, attached databases), which then ran on one connection.
  static func readerPreference(atPath path: String) -> Int? {
    guard let reader = LineReader.open(path: SQLText(path)) else { return nil }
    defer { reader.close() }
    var count: Int?
    while let line = reader.nextText() {
      let words = String(decoding: line.bytes, as: UTF8.self).split(whereSeparator: \.isWhitespace)
      guard words.count == 2, words[0].hasPrefix("."),
        DotCommandRegistry.standard.resolve(String(words[0].dropFirst()))?.name == "readers",
        let parsed = ReadersCommand.count(String(words[1]))
      else { continue }
      count = parsed.count
    }
    return count
  }
}

extension Shell {
  /// Whether a line of the config file is running (its messages are held for its name).
  var isRunningConfigFile: Bool { errors.held != nil }

  /// Runs the config file at `path`; `false` when a line of it failed.
  ///
  /// Nothing happens when it does not exist.
  func runConfigFile(path: String) -> Bool {
    guard let reader = LineReader.open(path: SQLText(path)) else { return true }
    defer { reader.close() }
    var buffer = InputBuffer()
    var failed = false
    func run(_ disposition: InputBuffer.Disposition) -> DotCommand.Outcome {
      let line: Int
      if case .sql(_, let start) = disposition { line = start } else { line = buffer.lineNumber }
      errors.flush()
      output.flush()
      errors.held = []
      let style = state.style
      let outcome = perform(disposition, lineNumbers: false)
      // `.mode display` asks for the display mode where a person reads the results; anywhere
      // else it never applies, and the line does nothing, so `.mode` and `.show` still report
      // sqlite3's mode and `.mode` alone still resets its separators.
      if state.style.mode == .display && !state.audience.readsResultsOnScreen {
        state.style = style
      }
      errors.flush()
      let messages = errors.held ?? []
      errors.held = nil
      if !messages.isEmpty {
        for message in messages.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        {
          errors.write("\(path):\(line): ")
          errors.write(SQLText(bytes: Array(message)))
          errors.write("\n")
        }
        errors.flush()
      }
      if outcome == .failure { failed = true }
      return outcome
    }
    while exitCode == nil, let text = reader.nextText() {
      if run(buffer.feed(text)) == .quit { return !failed }
    }
    if exitCode == nil { _ = run(buffer.finish()) }
    return !failed
  }
}
