/// What the SQL around the cursor says about the word being completed.
struct StatementContext: Equatable {
  /// A table the statement names, with its alias if it has one.
  struct TableReference: Equatable {
    /// The schema qualifier (`main` in `main.t`), if written.
    var schema: String?
    /// The table or view name.
    var name: String
    /// The alias (`t` in `FROM people t` or `FROM people AS t`), if any.
    var alias: String?
  }

  /// What kind of name belongs at the cursor.
  enum Expectation: Equatable {
    /// A table or view (after FROM, JOIN, INTO, UPDATE, TABLE, or a comma in a FROM list).
    case table
    /// Anything: columns, aliases, keywords, functions, tables.
    case expression
    /// The select list (`SELECT ▯ FROM t`): the statement's columns first.
    case selectList
    /// A join condition (`JOIN b AS y ON ▯`): the aliases and their columns.
    case joinCondition
    /// Only columns of these tables: a column list (`INSERT INTO t (…`), or of every table of
    /// the statement when `nil` (`USING (…`).
    case columns(of: TableReference?)
    /// A pragma name (`PRAGMA ▯`).
    case pragma
  }

  /// What belongs at the cursor.
  var expectation: Expectation
  /// The tables the current statement names, before and after the cursor.
  var tables: [TableReference]
  /// The name before a dot that ends the text before the cursor (`p` in `p.`), unquoted.
  var qualifier: String?

  /// Reads the statement around the cursor: `before` ends where the word starts, `after` begins
  /// at the cursor; only the statement holding the cursor (between semicolons) counts.
  init(before: String, after: String) {
    var head = SQLToken.tokenize(before)
    if let end = head.lastIndex(where: { $0.kind == .punctuation && $0.text == ";" }) {
      head.removeSubrange(...end)
    }
    var tail = SQLToken.tokenize(after)
    if let end = tail.firstIndex(where: { $0.kind == .punctuation && $0.text == ";" }) {
      tail.removeSubrange(end...)
    }
    expectation = Self.expectation(after: head)
    tables = Self.references(in: head + tail)
    if head.count >= 2, head[head.count - 1].kind == .punctuation,
      head[head.count - 1].text == ".", head[head.count - 2].isName
    {
      qualifier = head[head.count - 2].text
    }
  }

  /// The pragmas whose argument in parentheses is a table name.
  private static let tablePragmas: Set<String> = [
    "FOREIGN_KEY_CHECK", "FOREIGN_KEY_LIST", "INDEX_LIST", "TABLE_INFO", "TABLE_XINFO",
  ]

  private static func expectation(after tokens: [SQLToken]) -> Expectation {
    if let list = columnList(before: tokens) { return list }
    guard let last = tokens.last else { return .expression }
    if tokens[0].isKeyword("PRAGMA") {
      if tokens.count == 1 { return .pragma }
      let isTableArgument =
        last.kind == .punctuation && last.text == "(" && tokens.count >= 3
        && tablePragmas.contains(tokens[tokens.count - 2].text.uppercased())
      return isTableArgument ? .table : .expression
    }
    if last.kind == .word, SQLKeywords.tableIntroducers.contains(last.text.uppercased()) {
      return .table
    }
    let isComma = last.kind == .punctuation && last.text == ","
    // The nearest clause keyword at this depth: after a comma, FROM means a FROM list.
    var depth = 0
    for token in tokens.reversed() {
      if token.kind == .punctuation {
        if token.text == ")" { depth += 1 }
        if token.text == "(" {
          if depth == 0 { return .expression }
          depth -= 1
        }
        continue
      }
      guard depth == 0, token.kind == .word else { continue }
      switch token.text.uppercased() {
      case "FROM": return isComma ? .table : .expression
      case "SET":
        // `UPDATE t SET ▯` and `SET a = 1, ▯` name a column of t; `SET a = ▯` an expression.
        guard isComma || last.isKeyword("SET") else { return .expression }
        return updateTarget(in: tokens).map { .columns(of: $0) } ?? .expression
      case "SELECT": return .selectList
      case "ON":
        // `CREATE INDEX i ON ▯` and `CREATE TRIGGER … ON ▯` name a table.
        return tokens.first?.isKeyword("CREATE") == true ? .table : .joinCondition
      case "WHERE", "VALUES", "USING", "GROUP", "ORDER", "BY", "HAVING", "RETURNING",
        "WINDOW", "LIMIT", "JOIN":
        return .expression
      default: continue
      }
    }
    return .expression
  }

  /// The column list the cursor is in, if any: `INSERT INTO [schema.]t (a, `, `USING (a, `,
  /// `SET (a, ` or `ON CONFLICT (a, `.
  private static func columnList(before tokens: [SQLToken]) -> Expectation? {
    // Back over `name ,` to the opening parenthesis.
    var index = tokens.count - 1
    while index >= 0 {
      let token = tokens[index]
      if token.kind == .punctuation && token.text == "(" { break }
      guard token.isName || (token.kind == .punctuation && token.text == ",") else { return nil }
      index -= 1
    }
    guard index >= 1 else { return nil }
    if tokens[index - 1].isKeyword("USING") { return .columns(of: nil) }
    // `UPDATE t SET (a, ▯` and an upsert's `ON CONFLICT (▯` name columns of the target.
    if tokens[index - 1].isKeyword("SET") || tokens[index - 1].isKeyword("CONFLICT") {
      return updateTarget(in: Array(tokens[..<index])).map { .columns(of: $0) }
    }
    var start = index - 1
    guard tokens[start].isName else { return nil }
    var reference = TableReference(schema: nil, name: tokens[start].text, alias: nil)
    if start >= 2, tokens[start - 1].kind == .punctuation, tokens[start - 1].text == ".",
      tokens[start - 2].isName
    {
      reference.schema = tokens[start - 2].text
      start -= 2
    }
    guard start >= 1, tokens[start - 1].isKeyword("INTO") else { return nil }
    return .columns(of: reference)
  }

  /// The table an `UPDATE … SET` changes: the one after the last UPDATE (and its `OR …`), or
  /// for an upsert's `DO UPDATE SET` (and its `ON CONFLICT`) the INSERT's table.
  private static func updateTarget(in tokens: [SQLToken]) -> TableReference? {
    let update = tokens.lastIndex { $0.isKeyword("UPDATE") }
    if let update {
      var start = update + 1
      if start < tokens.count, tokens[start].isKeyword("OR") { start += 2 }
      if let (target, _) = reference(in: tokens, at: start) { return target }
    }
    guard let into = tokens[..<(update ?? tokens.count)].lastIndex(where: { $0.isKeyword("INTO") })
    else { return nil }
    return reference(in: tokens, at: into + 1)?.0
  }

  private static func references(in tokens: [SQLToken]) -> [TableReference] {
    var references: [TableReference] = []
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      index += 1
      guard token.kind == .word,
        SQLKeywords.tableIntroducers.contains(token.text.uppercased())
      else { continue }
      let isFromList = token.isKeyword("FROM")
      while let (reference, next) = reference(in: tokens, at: index) {
        references.append(reference)
        index = next
        guard isFromList, index < tokens.count, tokens[index].text == ",",
          tokens[index].kind == .punctuation
        else { break }
        index += 1
      }
    }
    return references
  }

  /// Parses `name`, `schema.name`, then an optional `[AS] alias`, starting at `start`.
  private static func reference(
    in tokens: [SQLToken], at start: Int
  ) -> (TableReference, Int)? {
    var index = start
    guard index < tokens.count, tokens[index].isName, !isReserved(tokens[index]) else {
      return nil
    }
    var reference = TableReference(schema: nil, name: tokens[index].text, alias: nil)
    index += 1
    if index + 1 < tokens.count, tokens[index].kind == .punctuation, tokens[index].text == ".",
      tokens[index + 1].isName
    {
      reference.schema = reference.name
      reference.name = tokens[index + 1].text
      index += 2
    }
    if index < tokens.count, tokens[index].isKeyword("AS") { index += 1 }
    if index < tokens.count, tokens[index].isName, !isReserved(tokens[index]) {
      reference.alias = tokens[index].text
      index += 1
    }
    return (reference, index)
  }

  /// Whether a bare word is a keyword that cannot be a table name or alias here.
  private static func isReserved(_ token: SQLToken) -> Bool {
    token.kind == .word && keywordSet.contains(token.text.uppercased())
  }

  private static let keywordSet = Set(SQLKeywords.all)
}
