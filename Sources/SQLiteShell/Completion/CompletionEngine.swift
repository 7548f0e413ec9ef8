package import SQLiteCore

/// Context-aware TAB completion for the shell, independent of any terminal library.
///
/// Given the line being edited, the cursor and any statement lines already entered, it returns
/// the words that can replace the word before the cursor: dot-command names and their
/// arguments at the start of a line, otherwise SQL keywords, functions, table and view names
/// (after FROM, JOIN, INTO, UPDATE, TABLE), columns of the statement's tables (and after
/// `alias.`; only the target's after `UPDATE t SET`), pragma names and parameter names. Inside
/// an identifier quote left open (`"my`) only names are offered, with the quote closed once.
/// The line editor only has to split words the same way, at ``wordBreakCharacters``.
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
  /// The pragma names, read from the first connection that needs them.
  private var pragmas: [String]?

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
    let statement = pending.isEmpty ? before : pending + "\n" + before
    var candidates: [String]
    if pending.isEmpty, before.hasPrefix(".") {
      candidates = dotCommandCompletions(before: before, word: word, connection: connection)
    } else if QuickScan.endsInsideLiteral(statement) {
      // Inside a string or a comment: nothing is offered, so nothing typed there is rewritten.
      candidates = []
    } else if let typed = SQLToken.openQuotedIdentifier(atEndOf: statement) {
      // Inside `"…`, `` `… `` or `[…`: only names, quoted as begun and closed once.
      let head = String(
        String.UnicodeScalarView(
          statement.unicodeScalars.dropLast(typed.unicodeScalars.count)))
      candidates = quotedCompletions(
        typed: typed, word: word, head: head, after: after, connection: connection)
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
    if context.expectation == .pragma {
      // `PRAGMA name` or `PRAGMA schema.name`.
      let dot = word.lastIndex(of: ".")
      let qualifier = dot.map { String(word[...$0]) } ?? ""
      let prefix = dot.map { String(word[word.index(after: $0)...]) } ?? word
      return pragmaNames(connection).filter { Self.hasPrefix($0, prefix) }.map { qualifier + $0 }
    }
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
      names = tableNames()
      return Self.unique(names.filter { Self.hasPrefix($0, word) }.map(Self.identifier))
    case .columns(let target):
      names = plainColumnNames(of: target.map { [$0] } ?? context.tables, connection: connection)
      return Self.unique(names.filter { Self.hasPrefix($0, word) }.map(Self.identifier))
    case .pragma:
      return []
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
      names = plainColumnNames(of: context.tables, connection: connection)
      names += context.tables.compactMap(\.alias)
      names += schema.tables.map(\.name)
      let result = names.filter { Self.hasPrefix($0, word) }.map(Self.identifier)
      return Self.unique(result + keywordsAndFunctions(matching: word))
    }
  }

  /// Completions inside an identifier quote left open (`typed` runs from the quote, `head`
  /// is the text before it): the names the context expects, quoted with the same quote and
  /// closed once (unless the closing quote already follows the cursor), cut to replace `word`.
  private func quotedCompletions(
    typed: String, word: String, head: String, after: String, connection: Connection?
  ) -> [String] {
    guard let connection, let open = typed.first else { return [] }
    schema.refresh(from: connection)
    let close: Character = open == "[" ? "]" : open
    let isClosed = after.first == close
    // The closing quote after the cursor belongs to the name, not to the rest of the statement.
    let context = StatementContext(
      before: head, after: isClosed ? String(after.dropFirst()) : after)
    let closing = isClosed ? "" : String(close)
    let quoted = quotableNames(context: context, connection: connection).map { name in
      let escaped = close == "]" ? name : String(name.flatMap { $0 == close ? [$0, $0] : [$0] })
      return String(open) + escaped + closing
    }
    return Self.unique(
      Self.relative(quoted.filter { Self.hasPrefix($0, typed) }, token: typed, word: word))
  }

  /// The plain names that fit the context: after `name.`, its columns (or a schema's
  /// tables); otherwise tables where a table belongs, else the statement's columns and tables.
  private func quotableNames(context: StatementContext, connection: Connection) -> [String] {
    if let qualifier = context.qualifier {
      return qualifiedNames(qualifier, context: context, connection: connection)
    }
    switch context.expectation {
    case .table:
      return tableNames()
    case .columns(let target):
      return plainColumnNames(of: target.map { [$0] } ?? context.tables, connection: connection)
    case .pragma:
      return []
    case .expression, .selectList, .joinCondition:
      return plainColumnNames(of: context.tables, connection: connection)
        + schema.tables.map(\.name)
    }
  }

  /// The tables and views of `main` and `temp`, then the other schemas' names.
  private func tableNames() -> [String] {
    schema.tables.filter { $0.schema == "main" || $0.schema == "temp" }.map(\.name)
      + schema.schemas.filter { $0 != "main" && $0 != "temp" }
  }

  /// The column names of `references`' tables, unquoted.
  private func plainColumnNames(
    of references: [StatementContext.TableReference], connection: Connection
  ) -> [String] {
    references.prefix(SchemaCache.columnTableLimit).flatMap { reference in
      schema.table(named: reference.name, schema: reference.schema).map {
        schema.columns(of: $0, in: connection)
      } ?? []
    }
  }

  /// The names of the pragmas the library knows (`pragma_pragma_list`), read once.
  private func pragmaNames(_ connection: Connection) -> [String] {
    if let pragmas { return pragmas }
    let rows = (try? connection.query("SELECT name FROM pragma_pragma_list ORDER BY name")) ?? []
    let names = rows.compactMap { row -> String? in
      if case .text(let name) = row[0] { return name }
      return nil
    }
    pragmas = names
    return names
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
    Self.unique(
      qualifiedNames(qualifier, context: context, connection: connection)
        .filter { Self.hasPrefix($0, prefix) }.map { qualifier + "." + Self.identifier($0) })
  }

  /// The names after `qualifier.`: the columns of the table it names (or aliases), else the
  /// tables of the schema it names; unquoted.
  private func qualifiedNames(
    _ qualifier: String, context: StatementContext, connection: Connection
  ) -> [String] {
    let lowered = qualifier.lowercased()
    let reference = context.tables.first { $0.alias?.lowercased() == lowered }
    let table =
      reference.flatMap { schema.table(named: $0.name, schema: $0.schema) }
      ?? schema.table(named: qualifier)
    if let table {
      return schema.columns(of: table, in: connection)
    }
    if schema.schemas.contains(where: { $0.lowercased() == lowered }) {
      return schema.tables.filter { $0.schema.lowercased() == lowered }.map(\.name)
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
