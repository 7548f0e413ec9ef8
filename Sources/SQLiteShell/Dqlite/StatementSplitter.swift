import SQLiteCore

/// Splits SQL text into complete statements without a database.
///
/// It splits at each `;` that `sqlite3_complete` says ends a statement (so `;` inside literals, comments and triggers
/// does not split). Text after the last complete statement is returned as the last element
/// when it holds more than spaces and comments.
enum StatementSplitter {
  static func split(_ sql: String) -> [String] {
    var statements: [String] = []
    var start = sql.startIndex
    var index = sql.startIndex
    while let semicolon = sql[index...].firstIndex(of: ";") {
      let candidate = String(sql[start...semicolon])
      index = sql.index(after: semicolon)
      if Connection.isComplete(candidate) {
        statements.append(candidate)
        start = index
      }
    }
    let tail = String(sql[start...])
    if hasContent(tail) { statements.append(tail) }
    return statements.filter(hasContent)
  }

  /// Whether `sql` holds something besides spaces, comments and `;`.
  static func hasContent(_ sql: String) -> Bool {
    var rest = Substring(sql)
    while let first = rest.first {
      if first.isWhitespace || first == ";" {
        rest = rest.dropFirst()
      } else if rest.hasPrefix("--") {
        rest = rest.drop(while: { $0 != "\n" })
      } else if rest.hasPrefix("/*") {
        var body = rest.dropFirst(2)
        while !body.isEmpty, !body.hasPrefix("*/") { body = body.dropFirst() }
        if body.isEmpty { return false }
        rest = body.dropFirst(2)
      } else {
        return true
      }
    }
    return false
  }
}
