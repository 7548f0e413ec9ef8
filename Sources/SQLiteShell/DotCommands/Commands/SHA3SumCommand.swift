import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let sha3sum = DotCommand(
    "sha3sum", minimumPrefix: 4, handler: SHA3SumCommand.run,
    help: """
      .sha3sum ...             Compute a SHA3 hash of database content
          Options:
            --schema              Also hash the sqlite_schema table
            --sha3-224            Use the sha3-224 algorithm
            --sha3-256            Use the sha3-256 algorithm (default)
            --sha3-384            Use the sha3-384 algorithm
            --sha3-512            Use the sha3-512 algorithm
          Any other argument is a LIKE pattern for tables to hash
      """)
}

/// `.sha3sum [--schema] [--sha3-224|256|384|512] [--debug] [LIKE-PATTERN]`: a SHA3 hash of the
/// database content, computed by the same query sqlite3 builds around `sha3_query()`.
enum SHA3SumCommand {
  static let run: DotCommand.Handler = { shell, arguments in
    guard let connection = shell.openDatabase() else { return .failure }
    var pattern: String?
    var includesSchema = false
    var size = 224
    var isDebug = false
    for argument in arguments {
      if argument.hasPrefix("-") {
        var option = Substring(argument.dropFirst())
        if option.hasPrefix("-") { option = option.dropFirst() }
        switch option {
        case "schema": includesSchema = true
        case "sha3-224", "sha3-256", "sha3-384", "sha3-512":
          size = Int(option.dropFirst(5)) ?? 224
        case "debug": isDebug = true
        default:
          shell.output.flush()
          let typed = shell.typedCommandName(or: "sha3sum")
          shell.errors.write("Unknown option \"\(argument)\" on \"\(typed)\"\n")
          shell.errors.flush()
          shell.writeUsageHelp(typed)
          return .failure
        }
      } else if pattern != nil {
        shell.output.flush()
        // sqlite3's own usage text, not its help line (`.sha3sum ...`).
        shell.errors.write("Usage: .sha3sum ?OPTIONS? ?LIKE-PATTERN?\n")
        shell.errors.flush()
        return .failure
      } else {
        pattern = argument
        let namesSchema = try? connection.scalar(
          "SELECT ? LIKE 'sqlite\\_%' ESCAPE '\\'", [argument], as: Int.self)
        if namesSchema == 1 { includesSchema = true }
      }
    }
    let sql = query(
      tables: tableNames(connection, includesSchema: includesSchema, pattern: pattern),
      size: size, separately: pattern != nil)
    if isDebug {
      shell.output.write(sql + "\n")
      return .success
    }
    // sqlite3 ignores the query's own failure (no table matched: an empty VALUES list).
    _ = shell.execute(sql, on: connection)
    return .success
  }

  /// The tables to hash, lower-cased and sorted as sqlite3 lists them.
  private static func tableNames(
    _ connection: Connection, includesSchema: Bool, pattern: String?
  ) -> [String] {
    let sql =
      includesSchema
      ? "SELECT lower(name) FROM sqlite_schema WHERE type='table' AND coalesce(rootpage,0)>1"
        + " UNION ALL SELECT 'sqlite_schema' ORDER BY 1 collate nocase"
      : "SELECT lower(name) FROM sqlite_schema WHERE type='table' AND coalesce(rootpage,0)>1"
        + " AND name NOT LIKE 'sqlite_%' ORDER BY 1 collate nocase"
    guard let rows = try? connection.query(sql) else { return [] }
    return rows.compactMap { row -> String? in
      guard case .text(let name) = row[0] else { return nil }
      if let pattern,
        (try? connection.scalar("SELECT ? LIKE ?", [name, pattern], as: Int.self)) != 1
      {
        return nil
      }
      return name
    }
  }

  /// sqlite3's `WITH [sha3sum$query](a,b) AS(VALUES(…)) SELECT … sha3_query(…)` text.
  static func query(tables: [String], size: Int, separately: Bool) -> String {
    var sql = "WITH [sha3sum$query](a,b) AS("
    var separator = "VALUES("
    for table in tables {
      let read: String
      switch table {
      case "sqlite_schema":
        read = "SELECT type,name,tbl_name,sql FROM sqlite_schema ORDER BY name;"
      case "sqlite_sequence":
        read = "SELECT name,seq FROM sqlite_sequence ORDER BY name;"
      case "sqlite_stat1":
        read = "SELECT tbl,idx,stat FROM sqlite_stat1 ORDER BY tbl,idx;"
      case "sqlite_stat4":
        read = "SELECT * FROM \(table) ORDER BY tbl, idx, rowid;\n"
      case _ where table.hasPrefix("sqlite_"):
        read = ""
      default:
        read = "SELECT * FROM \(table.sqlQuoted("\"")) NOT INDEXED;"
      }
      sql += separator + read.sqlQuoted("'") + "," + table.sqlQuoted("'")
      separator = "),("
    }
    let hash =
      separately
      ? "SELECT lower(hex(sha3_query(a,\(size)))) AS hash, b AS label   FROM [sha3sum$query]"
      : "SELECT lower(hex(sha3_query(group_concat(a,''),\(size)))) AS hash   FROM [sha3sum$query]"
    return sql + ")) " + hash
  }

}
