import SQLiteCore

/// The real columns closest to a misspelt one, among the tables a statement names (DuckDB's
/// "candidate bindings").
enum ColumnSuggestions {
  /// The most suggestions given.
  static let limit = 3

  /// The columns of the statement's tables closest to `written` (`name` or `alias.name`), best
  /// first; qualified with the alias (or table) when the statement names several tables.
  static func closest(to written: String, statement: String, connection: Connection) -> [String] {
    let parts = written.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    let name = parts.last ?? written
    let qualifier = parts.count > 1 ? parts[parts.count - 2].lowercased() : nil
    var references = StatementContext(before: withoutFinalSemicolon(statement), after: "").tables
    if let qualifier {
      references = references.filter {
        ($0.alias ?? $0.name).lowercased() == qualifier || $0.name.lowercased() == qualifier
      }
    }
    let qualifies = qualifier != nil || references.count > 1
    var scored: [(distance: Int, text: String)] = []
    var seen = Set<String>()
    for reference in references.prefix(SchemaCache.columnTableLimit) {
      let prefix =
        qualifies ? CompletionEngine.identifier(reference.alias ?? reference.name) + "." : ""
      for column in columns(of: reference, in: connection) {
        let text = prefix + CompletionEngine.identifier(column)
        guard seen.insert(text.lowercased()).inserted else { continue }
        scored.append((editDistance(column.lowercased(), name.lowercased()), text))
      }
    }
    return best(scored, for: name)
  }

  /// The tables and views closest to `written` (`name` or `schema.name`), best first.
  static func closestTables(to written: String, connection: Connection) -> [String] {
    let sql =
      "SELECT name FROM sqlite_schema WHERE type IN ('table','view')"
      + " UNION SELECT name FROM temp.sqlite_schema WHERE type IN ('table','view')"
    return closestNames(to: written, from: sql, connection: connection)
      .map(CompletionEngine.identifier)
  }

  /// The SQL functions closest to `written`, best first.
  static func closestFunctions(to written: String, connection: Connection) -> [String] {
    let sql = "SELECT DISTINCT name FROM pragma_function_list"
    return closestNames(to: written, from: sql, connection: connection)
  }

  /// The names `sql` lists (its first column) closest to the last part of `written`.
  private static func closestNames(to written: String, from sql: String, connection: Connection)
    -> [String]
  {
    let name = written.split(separator: ".").last.map(String.init) ?? written
    let names = ((try? connection.query(sql)) ?? []).compactMap { row -> String? in
      if case .text(let name) = row[0] { return name }
      return nil
    }
    return best(names.map { (editDistance($0.lowercased(), name.lowercased()), $0) }, for: name)
  }

  /// The closest `limit` of `scored`, within a distance that still looks like a misspelling.
  private static func best(_ scored: [(distance: Int, text: String)], for name: String)
    -> [String]
  {
    scored.filter { $0.distance <= max(2, name.count / 2) }
      .sorted { ($0.distance, $0.text) < ($1.distance, $1.text) }
      .prefix(limit).map(\.text)
  }

  private static func withoutFinalSemicolon(_ statement: String) -> String {
    var text = Substring(statement)
    while let last = text.last, last == ";" || last.isWhitespace { text = text.dropLast() }
    return String(text)
  }

  private static func columns(
    of reference: StatementContext.TableReference, in connection: Connection
  ) -> [String] {
    let rows: [Row]
    if let schema = reference.schema {
      rows =
        (try? connection.query(
          "SELECT name FROM pragma_table_xinfo(?, ?)", [reference.name, schema])) ?? []
    } else {
      rows =
        (try? connection.query("SELECT name FROM pragma_table_xinfo(?)", [reference.name])) ?? []
    }
    return rows.compactMap { row in
      if case .text(let name) = row[0] { return name }
      return nil
    }
  }

  /// The Damerau–Levenshtein distance (optimal string alignment) between two strings.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
