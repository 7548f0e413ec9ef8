package import SQLiteCore

/// Context-aware TAB completion for the shell, independent of any terminal library.
///
/// Given the line being edited, the cursor and any statement lines already entered, it returns
/// the words that can replace the word before the cursor: dot-command names and their
/// arguments at the start of a line, otherwise SQL keywords, functions, table and view names
/// (after FROM, JOIN, INTO, UPDATE, TABLE), columns of the statement's tables (and after
/// `alias.`) and parameter names. The line editor only has to split words the same way, at
/// ``wordBreakCharacters``.
package final class CompletionEngine {
  /// Where words split: the line editor must use the same set so words agree.
  package static let wordBreakCharacters = " \t\n\"'`><=;|&{(),+-*/%"
  /// The most candidates one request returns.
  package static let candidateLimit = 1000

  /// The dot-command names (without the dot) offered at the start of a line.
  package var dotCommandNames: [String]
  /// Where `.parameter` names come from; by default sqlite3's `temp.sqlite_parameters` table.
  package var parameterNames: (Connection) -> [String] = CompletionEngine.storedParameterNames
  /// The cached schema names, refreshed on each request when the schema changed.
  package let schema = SchemaCache()

  /// Creates an engine offering the given dot-command names (from the registry).
  package init(dotCommandNames: [String]) {
    self.dotCommandNames = dotCommandNames.sorted()
  }

  /// The completions of the word ending at `cursor` in `line`.
  ///
  /// - Parameters:
  ///   - line: the line being edited.
  ///   - cursor: the cursor as a UTF-8 offset into `line`; the end of the line when `nil`.
  ///   - pending: earlier lines of an unfinished statement (empty at the main prompt).
  ///   - connection: the shell's current connection, for schema and parameter names; with
  ///     `nil` (no database open yet) only keywords, functions and commands are offered.
  /// - Returns: the word before the cursor and its replacements.
  package func complete(
    line: String, cursor: Int? = nil, pending: String = "", connection: Connection?
  ) -> Completion {
    let utf8 = Array(line.utf8)
    let cursorOffset = min(max(cursor ?? utf8.count, 0), utf8.count)
    let before = String(decoding: utf8[..<cursorOffset], as: UTF8.self)
    let after = String(decoding: utf8[cursorOffset...], as: UTF8.self)
    let word = Self.suffix(of: before, after: Self.wordBreakCharacters)
    var candidates: [String]
    if pending.isEmpty, before.hasPrefix(".") {
      candidates = dotCommandCompletions(before: before, word: word, connection: connection)
    } else if QuickScan.endsInsideLiteral(pending.isEmpty ? before : pending + "\n" + before) {
      // Inside a string or a comment: nothing is offered, so nothing typed there is rewritten.
      candidates = []
    } else {
      let head = String(before.utf8.dropLast(word.utf8.count)) ?? ""
      let context = StatementContext(
        before: pending.isEmpty ? head : pending + "\n" + head, after: after)
      candidates = sqlCompletions(word: word, context: context, connection: connection)
    }
    if candidates.count > Self.candidateLimit {
      candidates.removeSubrange(Self.candidateLimit...)
    }
    return Completion(word: word, candidates: candidates)
  }

  // MARK: SQL

  private func sqlCompletions(
    word: String, context: StatementContext, connection: Connection?
  ) -> [String] {
    guard let connection else {
      return keywordsAndFunctions(matching: word)
    }
    schema.refresh(from: connection)
    if let dot = word.lastIndex(of: ".") {
      let qualifier = String(word[..<dot])
      let prefix = String(word[word.index(after: dot)...])
      return qualified(qualifier, prefix: prefix, context: context, connection: connection)
    }
    if let first = word.first, ":@$".contains(first) {
      return parameterNames(connection).filter { Self.hasPrefix($0, word) }
    }
    var names: [String] = []
    switch context.expectation {
    case .table:
      names = schema.tables.filter { $0.schema == "main" || $0.schema == "temp" }.map(\.name)
      names += schema.schemas.filter { $0 != "main" && $0 != "temp" }
      return Self.unique(names.filter { Self.hasPrefix($0, word) }.map(Self.identifier))
    case .columns(let target):
      let references = target.map { [$0] } ?? context.tables
      for reference in references.prefix(SchemaCache.columnTableLimit) {
        if let table = schema.table(named: reference.name, schema: reference.schema) {
          names += schema.columns(of: table, in: connection)
        }
      }
      return Self.unique(names.filter { Self.hasPrefix($0, word) }.map(Self.identifier))
    case .selectList where !context.tables.isEmpty:
      // The statement's columns first; keywords and functions only once a word is begun.
      names = columnNames(of: context.tables, connection: connection, qualified: false)
      names += context.tables.compactMap(\.alias).map(Self.identifier)
      let columns = names.filter { Self.hasPrefix($0, word) }
      if word.isEmpty { return Self.unique(columns) }
      return Self.unique(columns + keywordsAndFunctions(matching: word))
    case .joinCondition:
      // The aliases (or table names) and each one's columns, `alias.column`.
      let qualifiers = context.tables.map { Self.identifier($0.alias ?? $0.name) }
      names = qualifiers + columnNames(of: context.tables, connection: connection, qualified: true)
      let conditions = names.filter { Self.hasPrefix($0, word) }
      if word.isEmpty { return Self.unique(conditions) }
      return Self.unique(conditions + keywordsAndFunctions(matching: word))
    case .expression, .selectList:
      for reference in context.tables.prefix(SchemaCache.columnTableLimit) {
        if let table = schema.table(named: reference.name, schema: reference.schema) {
          names += schema.columns(of: table, in: connection)
        }
      }
      names += context.tables.compactMap(\.alias)
      names += schema.tables.map(\.name)
      let result = names.filter { Self.hasPrefix($0, word) }.map(Self.identifier)
      return Self.unique(result + keywordsAndFunctions(matching: word))
    }
  }

  /// The columns of the tables a statement names, as typed in SQL; with `qualified`, each
  /// as `alias.column` (the table's name when it has no alias).
  private func columnNames(
    of references: [StatementContext.TableReference], connection: Connection, qualified: Bool
  ) -> [String] {
    var names: [String] = []
    for reference in references.prefix(SchemaCache.columnTableLimit) {
      guard let table = schema.table(named: reference.name, schema: reference.schema) else {
        continue
      }
      let prefix = qualified ? Self.identifier(reference.alias ?? reference.name) + "." : ""
      names += schema.columns(of: table, in: connection).map { prefix + Self.identifier($0) }
    }
    return names
  }

  /// Keywords in the case of the typed word, then functions with their opening parenthesis.
  private func keywordsAndFunctions(matching word: String) -> [String] {
    let lower = word.first.map { $0.isLowercase } ?? false
    let keywords = SQLKeywords.all.filter { Self.hasPrefix($0, word) }.map {
      lower ? $0.lowercased() : $0
    }
    return keywords + SQLKeywords.functions.filter { Self.hasPrefix($0, word) }.map { $0 + "(" }
  }

  private func qualified(
    _ qualifier: String, prefix: String, context: StatementContext, connection: Connection
  ) -> [String] {
    let lowered = qualifier.lowercased()
    let reference = context.tables.first { $0.alias?.lowercased() == lowered }
    let table =
      reference.flatMap { schema.table(named: $0.name, schema: $0.schema) }
      ?? schema.table(named: qualifier)
    if let table {
      return Self.unique(
        schema.columns(of: table, in: connection).filter { Self.hasPrefix($0, prefix) }
          .map { qualifier + "." + Self.identifier($0) })
    }
    if schema.schemas.contains(where: { $0.lowercased() == lowered }) {
      return Self.unique(
        schema.tables.filter {
          $0.schema.lowercased() == lowered && Self.hasPrefix($0.name, prefix)
        }
        .map { qualifier + "." + Self.identifier($0.name) })
    }
    return []
  }

  /// The keys of sqlite3's parameter table, `temp.sqlite_parameters`; none if it is missing.
  package static func storedParameterNames(_ connection: Connection) -> [String] {
    let rows = (try? connection.query("SELECT key FROM temp.sqlite_parameters ORDER BY key")) ?? []
    return rows.compactMap { row in
      if case .text(let key) = row[0] { return key }
      return nil
    }
  }

  // MARK: Text helpers

  /// The part of `text` after the last character in `breaks`.
  static func suffix(of text: String, after breaks: String) -> String {
    guard let index = text.lastIndex(where: { breaks.contains($0) }) else { return text }
    return String(text[text.index(after: index)...])
  }

  /// Whether `name` starts with `prefix`, ignoring ASCII case.
  static func hasPrefix(_ name: String, _ prefix: String) -> Bool {
    name.lowercased().hasPrefix(prefix.lowercased())
  }

  /// `name` as typed in SQL: bare if it is a plain identifier, double-quoted otherwise.
  static func identifier(_ name: String) -> String {
    let plain =
      !name.isEmpty && name.unicodeScalars.allSatisfy(SQLToken.isIdentifierPart)
      && !(name.first?.isNumber ?? false) && !keywordSet.contains(name.uppercased())
    return plain ? name : name.sqlQuoted()
  }

  /// The strings in order, without repeats.
  static func unique(_ strings: [String]) -> [String] {
    var seen = Set<String>()
    return strings.filter { seen.insert($0).inserted }
  }

  private static let keywordSet = Set(SQLKeywords.all)
}

/// The result of one completion request.
package struct Completion: Equatable, Sendable {
  /// The word before the cursor that a candidate replaces.
  package var word: String
  /// The replacements for ``word``, best first.
  package var candidates: [String]

  /// Creates a result.
  package init(word: String, candidates: [String]) {
    self.word = word
    self.candidates = candidates
  }
}
