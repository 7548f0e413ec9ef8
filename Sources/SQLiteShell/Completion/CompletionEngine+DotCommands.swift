import SQLiteCore

extension CompletionEngine {
  /// Completions at the start of a line that begins with a dot: the command, then its arguments.
  ///
  /// Option words (`--csv`, `--skip N`) complete after a `-` and are skipped when counting
  /// the argument position, so `.import --csv da` completes a file name.
  func dotCommandCompletions(
    before: String, word: String, connection: Connection?
  ) -> [String] {
    let (parts, endsInWord) = Self.dotCommandWords(before)
    let endsInSpace = !endsInWord
    guard let first = parts.first, parts.count > 1 || endsInSpace else {
      return dotCommandNames.filter { Self.hasPrefix($0, String(word.dropFirst())) }
        .map { "." + $0 }
    }
    let typed = String(first.dropFirst()).lowercased()
    let matches = dotCommandNames.filter { $0.hasPrefix(typed) }
    guard let command = matches.contains(typed) ? typed : matches.first else { return [] }
    // The whole space-separated argument being typed; `word` is its end after a word break.
    let token = endsInSpace ? "" : parts.last ?? ""
    let options = DotCommandArgumentKinds.options[command] ?? []
    if !options.isEmpty, token.hasPrefix("-") {
      return Self.relative(
        options.map(\.name).filter { $0.hasPrefix(token) }, token: token, word: word)
    }
    guard
      let position = Self.argumentPosition(
        parts.dropFirst().dropLast(endsInSpace ? 0 : 1), options: options),
      let kind = DotCommandArgumentKinds.kind(of: command, at: position)
    else { return [] }
    switch kind {
    case .choices(let words):
      return words.filter { Self.hasPrefix($0, word) }
    case .command:
      return dotCommandNames.filter { Self.hasPrefix($0, word) }
    case .fileName:
      guard let quote = Self.openingQuote(of: token) else {
        return Self.relative(FileNameCompleter.completions(of: token), token: token, word: word)
      }
      let paths = FileNameCompleter.completions(of: String(token.dropFirst())).map {
        quote + $0 + ($0.hasSuffix("/") ? "" : quote)
      }
      return Self.relative(paths, token: token, word: word)
    case .table:
      guard let connection else { return [] }
      schema.refresh(from: connection)
      let names = schema.tables.map(\.name)
      guard let quote = Self.openingQuote(of: token) else {
        return Self.unique(names.filter { Self.hasPrefix($0, word) }.map(Self.identifier))
      }
      let quoted = names.map { quote + $0 + quote }.filter { Self.hasPrefix($0, token) }
      return Self.unique(Self.relative(quoted, token: token, word: word))
    case .parameter:
      guard let connection else { return [] }
      return parameterNames(connection).filter { Self.hasPrefix($0, word) }
    }
  }

  /// The words of a dot-command line as sqlite3 splits them (at blanks, but not inside a
  /// `"…"` or `'…'` argument), quotes kept; and whether the text ends inside a word.
  private static func dotCommandWords(_ text: String) -> (words: [String], endsInWord: Bool) {
    var words: [String] = []
    var current = ""
    var quote: Character?
    for character in text {
      if let open = quote {
        current.append(character)
        if character == open { quote = nil }
      } else if character == " " || character == "\t" {
        if !current.isEmpty { words.append(current) }
        current = ""
      } else {
        if current.isEmpty, character == "\"" || character == "'" { quote = character }
        current.append(character)
      }
    }
    if !current.isEmpty { words.append(current) }
    return (words, !current.isEmpty)
  }

  /// The quote an argument begins with (`"` or `'`), completed with it closed.
  private static func openingQuote(of argument: String) -> String? {
    argument.first.flatMap { $0 == "\"" || $0 == "'" ? String($0) : nil }
  }

  /// The position (0 for the first) of the argument after `arguments`, not counting option
  /// words and their values; `nil` when the next word is an option's value.
  private static func argumentPosition(
    _ arguments: ArraySlice<String>, options: [DotCommandArgumentKinds.Option]
  ) -> Int? {
    var position = 0
    var awaitsValue = false
    for argument in arguments {
      if awaitsValue {
        awaitsValue = false
        continue
      }
      // sqlite3 takes `-csv` for `--csv` too.
      let spelled = argument.hasPrefix("--") ? String(argument.dropFirst()) : argument
      if let option = options.first(where: { $0.name == argument || $0.name == "-" + spelled }) {
        awaitsValue = option.takesValue
        continue
      }
      position += 1
    }
    return awaitsValue ? nil : position
  }

  /// Whole-argument candidates cut to replace only `word`, the end of `token` after its last
  /// word break (`--c` is completed in the word `c`, `./da` in `da`).
  static func relative(_ candidates: [String], token: String, word: String) -> [String] {
    let dropped = token.unicodeScalars.count - word.unicodeScalars.count
    return candidates.map {
      String(String.UnicodeScalarView($0.unicodeScalars.dropFirst(dropped)))
    }
  }
}
