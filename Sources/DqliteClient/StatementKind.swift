/// What the client needs to know about one statement before sending it, from its first words.
///
/// dqlite has two requests, QUERY (rows, read-only) and EXEC (replicated writes, no rows), and
/// the client chooses between them without a local schema to prepare against.
struct StatementKind {
  /// The first keyword, upper-cased.
  let keyword: String
  /// The upper-cased text with comments stripped, for the guards.
  let words: [Substring]
  /// Whether to send QUERY (the statement yields rows and writes nothing).
  let yieldsRows: Bool

  init(_ sql: String) {
    let upper = StatementKind.stripComments(sql).uppercased()
    let separators: Set<Character> = [" ", "\t", "\n", "\r", "\u{0C}", "(", ")", ";", ",", "="]
    words = upper.split(whereSeparator: { separators.contains($0) })
    keyword = words.first.map(String.init) ?? ""
    switch keyword {
    case "SELECT", "VALUES", "EXPLAIN": yieldsRows = true
    case "WITH":
      let writes: Set<Substring> = ["INSERT", "UPDATE", "DELETE", "REPLACE"]
      yieldsRows = !words.contains(where: { writes.contains($0) })
    case "PRAGMA": yieldsRows = !upper.contains("=")
    default: yieldsRows = false
    }
  }

  /// Drops `-- …` and `/* … */` comments outside string literals.
  static func stripComments(_ sql: String) -> String {
    var out = ""
    var iterator = Array(sql.unicodeScalars)[...]
    var quote: Unicode.Scalar?
    while let scalar = iterator.first {
      iterator = iterator.dropFirst()
      if let open = quote {
        out.unicodeScalars.append(scalar)
        if scalar == open { quote = nil }
        continue
      }
      if scalar == "'" || scalar == "\"" || scalar == "`" {
        quote = scalar
        out.unicodeScalars.append(scalar)
      } else if scalar == "-", iterator.first == "-" {
        while let next = iterator.first, next != "\n" { iterator = iterator.dropFirst() }
        out += " "
      } else if scalar == "/", iterator.first == "*" {
        iterator = iterator.dropFirst()
        while let next = iterator.first {
          iterator = iterator.dropFirst()
          if next == "*", iterator.first == "/" {
            iterator = iterator.dropFirst()
            break
          }
        }
        out += " "
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Why dqlite 1.11.1 must not see this statement, or `nil` when it may.
  ///
  /// Changing the journal mode, or a write with RETURNING, makes a 1.11.1 leader abort; the
  /// others would break replication or need files the cluster does not have.
  var refusal: String? {
    guard let first = words.first else { return nil }
    if first == "PRAGMA", words.count >= 2 {
      let name = words[1].split(separator: ".").last.map(String.init) ?? ""
      let changes = words.count > 2
      switch name {
      case "JOURNAL_MODE", "LOCKING_MODE":
        guard changes else { return nil }
        return "PRAGMA \(name.lowercased()) cannot be changed on dqlite (it is always WAL,"
          + " and dqlite 1.11.1's leader crashes on a change)"
      case "WAL_CHECKPOINT", "WAL_AUTOCHECKPOINT":
        return "PRAGMA \(name.lowercased()) is dqlite's own business on a cluster"
      default: return nil
      }
    }
    if first == "ATTACH" || first == "DETACH" {
      return "ATTACH and DETACH are not supported on dqlite (one database per connection)"
    }
    if first == "VACUUM" { return "VACUUM is not supported on dqlite 1.11.1" }
    if words.contains("RETURNING") && !yieldsRows {
      // Tried on 1.11.1: EXEC fails with "another row available", and the same write sent as a
      // QUERY is not replicated and aborts the leader at the next write (vfs.c assertion).
      return "RETURNING is not supported on dqlite 1.11.1 (a write returns no rows)"
    }
    return nil
  }
}
