import SQLiteCore

extension CompletionEngine {
  /// Completions at the start of a line that begins with a dot: the command, then its arguments.
  func dotCommandCompletions(
    before: String, word: String, connection: Connection?
  ) -> [String] {
    let parts = before.split(separator: " ", omittingEmptySubsequences: true)
    let endsInSpace = before.last == " " || before.last == "\t"
    guard let first = parts.first, parts.count > 1 || endsInSpace else {
      return dotCommandNames.filter { Self.hasPrefix($0, String(word.dropFirst())) }
        .map { "." + $0 }
    }
    let typed = String(first.dropFirst()).lowercased()
    let matches = dotCommandNames.filter { $0.hasPrefix(typed) }
    guard let command = matches.contains(typed) ? typed : matches.first else { return [] }
    let position = parts.count - (endsInSpace ? 1 : 2)
    guard let kind = DotCommandArgumentKinds.kind(of: command, at: position) else { return [] }
    switch kind {
    case .choices(let words):
      return words.filter { Self.hasPrefix($0, word) }
    case .command:
      return dotCommandNames.filter { Self.hasPrefix($0, word) }
    case .fileName:
      let token = endsInSpace ? "" : String(parts.last ?? "")
      let dropped = token.count - word.count
      return FileNameCompleter.completions(of: token).map { String($0.dropFirst(dropped)) }
    case .table:
      guard let connection else { return [] }
      schema.refresh(from: connection)
      return Self.unique(
        schema.tables.map(\.name).filter { Self.hasPrefix($0, word) }.map(Self.identifier))
    case .parameter:
      guard let connection else { return [] }
      return parameterNames(connection).filter { Self.hasPrefix($0, word) }
    }
  }
}
