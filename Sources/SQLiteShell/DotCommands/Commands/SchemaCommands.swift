import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let fullschema = DotCommand(
    "fullschema", minimumPrefix: 2, handler: SchemaCommands.fullSchema,
    help: """
      .fullschema ?--indent?   Show schema and the content of sqlite_stat tables
      """)
  static let indexes = DotCommand(
    "indexes", minimumPrefix: 2, handler: SchemaCommands.indexes,
    help: """
      .indexes ?TABLE?         Show names of indexes
                                 If TABLE is specified, only show indexes for
                                 tables matching TABLE using the LIKE operator.
      """)
  // sqlite3's other spelling of .indexes, which its .help does not list either.
  static let indices = DotCommand(
    "indices", minimumPrefix: 2, handler: SchemaCommands.indexes)
  static let schema = DotCommand(
    "schema", minimumPrefix: 3, handler: SchemaCommands.schema,
    help: """
      .schema ?PATTERN?        Show the CREATE statements matching PATTERN
         Options:
            --indent             Try to pretty-print the schema
            --nosys              Omit objects whose names start with "sqlite_"
      """)
  static let tables = DotCommand(
    "tables", minimumPrefix: 2, handler: SchemaCommands.tables,
    help: """
      .tables ?TABLE?          List names of tables matching LIKE pattern TABLE
      """)
}

/// `.tables`, `.indexes`, `.schema` and `.fullschema`: the same queries over every attached
/// schema that sqlite3 runs, printed in its layouts.
enum SchemaCommands {
  static let tables: DotCommand.Handler = { shell, arguments in
    list(shell, arguments, indexes: false)
  }

  static let indexes: DotCommand.Handler = { shell, arguments in
    list(shell, arguments, indexes: true)
  }

  /// The names of tables and views (or indexes) whose name (or table) is LIKE the pattern,
  /// attached schemas prefixed, in columns as wide as the longest name.
  private static func list(_ shell: Shell, _ arguments: [String], indexes: Bool)
    -> DotCommand.Outcome
  {
    guard let source = shell.schemaSource() else { return .failure }
    if indexes && arguments.count > 1 {
      // sqlite3's own usage text, not its help line (`.indexes ?TABLE?`).
      shell.errors.write("Usage: .indexes ?LIKE-PATTERN?\n")
      return .failure
    }
    return list(shell, arguments, indexes: indexes, source: source)
  }

  private static func list(
    _ shell: Shell, _ arguments: [String], indexes: Bool, source: some SchemaSource
  ) -> DotCommand.Outcome {
    var parts: [String] = []
    do throws(SQLiteError) {
      for row in try source.all("PRAGMA database_list") {
        guard case .text(let schema) = row[1] else { continue }
        var part =
          schema.lowercased() == "main"
          ? "SELECT name FROM " : "SELECT " + schema.sqlQuoted("'") + "||'.'||name FROM "
        part += schema.sqlQuoted("\"") + ".sqlite_schema "
        part +=
          indexes
          ? " WHERE type='index'   AND tbl_name LIKE ?1"
          : " WHERE type IN ('table','view')   AND name NOT LIKE 'sqlite_%'   AND name LIKE ?1"
        parts.append(part)
      }
      let names = try source.all(
        parts.joined(separator: " UNION ALL ") + " ORDER BY 1", [.text(arguments.first ?? "%")]
      ).map { $0[0].textValue ?? "" }
      writeColumns(names, to: shell.output)
      return .success
    } catch {
      shell.errors.write("Error: \(error.message)\n")
      return .failure
    }
  }

  /// sqlite3's `.tables` layout: 80 / (longest + 2) columns, filled top to bottom.
  static func writeColumns(_ names: [String], to sink: OutputSink) {
    guard !names.isEmpty else { return }
    let width = names.map(\.utf8.count).max() ?? 0
    let columns = max(1, 80 / (width + 2))
    let rows = (names.count + columns - 1) / columns
    for row in 0..<rows {
      var line = ""
      for index in stride(from: row, to: names.count, by: rows) {
        if index >= rows { line += "  " }
        let name = names[index]
        line += name + String(repeating: " ", count: max(0, width - name.utf8.count))
      }
      sink.write(line + "\n")
    }
  }

  static let schema: DotCommand.Handler = { shell, arguments in
    guard let source = shell.schemaSource() else { return .failure }
    return schema(shell, arguments, source: source)
  }

  private static func schema(_ shell: Shell, _ arguments: [String], source: some SchemaSource)
    -> DotCommand.Outcome
  {
    var indent = false
    var noSystem = false
    var debug = false
    var pattern: String?
    for word in arguments {
      if ModeCommand.isOption(word, "indent") {
        indent = true
      } else if ModeCommand.isOption(word, "nosys") {
        noSystem = true
      } else if ModeCommand.isOption(word, "debug") {
        debug = true
      } else if word.hasPrefix("-") {
        shell.errors.write("Unknown option: \"\(word)\"\n")
        return .failure
      } else if pattern == nil {
        pattern = word
      } else {
        // sqlite3's own usage text, not its help line (`.schema ?PATTERN?`).
        shell.errors.write("Usage: .schema ?--indent? ?--nosys? ?LIKE-PATTERN?\n")
        return .failure
      }
    }
    let print = { (sql: String) in
      shell.output.write(indent ? SchemaText.indented(sql) : SchemaText.line(sql, tail: ";\n"))
    }
    if let pattern,
      ["sqlite_master", "sqlite_schema", "sqlite_temp_master", "sqlite_temp_schema"].contains(
        where: { Glob.like(pattern, $0) })
    {
      print(
        "CREATE TABLE \(pattern) (\n  type text,\n  name text,\n  tbl_name text,\n"
          + "  rootpage integer,\n  sql text\n)")
    }
    do throws(SQLiteError) {
      if let connection = source as? Connection { registerSchemaFunctions(on: connection) }
      // --debug shows sqlite3's query, with the shell's functions, wherever it would run.
      let functions = source.hasShellFunctions || debug
      let sql = try schemaQuery(source, pattern: pattern, noSystem: noSystem, functions: functions)
      if debug {
        shell.output.write("SQL: \(sql);\n")
        return .success
      }
      for text in try schemaTexts(source, sql) { print(text) }
      return .success
    } catch {
      shell.errors.write("Error: \(error.message)\n")
      return .failure
    }
  }

  /// The query sqlite3's `.schema` runs: every schema's `sqlite_schema`, plus the eponymous
  /// virtual tables when there is a pattern.
  ///
  /// Where the shell's SQL functions do not run (a dqlite node), the query selects what they
  /// take instead, and ``schemaTexts(_:_:)`` applies them to each row.
  private static func schemaQuery(
    _ source: some SchemaSource, pattern: String?, noSystem: Bool, functions local: Bool
  ) throws(SQLiteError) -> String {
    var sql = local ? "SELECT sql FROM" : "SELECT sql, sname, name, snum FROM"
    var divider = "("
    var number = 0
    for row in try source.all("SELECT name FROM pragma_database_list") {
      guard case .text(let schema) = row[0] else { continue }
      number += 1
      sql += divider
      divider = " UNION ALL "
      if local {
        sql += "SELECT shell_add_schema(sql,"
        sql += schema.lowercased() == "main" ? "NULL" : schema.sqlQuoted("'")
        sql += ",name) AS sql"
      } else {
        sql += "SELECT sql"
      }
      sql += ", type, tbl_name, name, rowid,\(number) AS snum, "
      sql += schema.sqlQuoted("'") + " AS sname FROM "
      sql += SQLIdentifier.quotedIfNeeded(schema) + ".sqlite_schema"
    }
    if pattern != nil {
      sql +=
        " UNION ALL SELECT \(local ? "shell_module_schema(name)" : "''"), 'table', name, name,"
        + " name, 9e+99, 'main' FROM pragma_module_list"
    }
    sql += ") WHERE "
    if let pattern {
      let isGlob = pattern.contains("*") || pattern.contains("?") || pattern.contains("[")
      sql += pattern.contains(".") ? "lower(printf('%s.%s',sname,tbl_name))" : "lower(tbl_name)"
      sql += isGlob ? " GLOB " : " LIKE "
      sql += SQLiteFormatting.printf("%Q", pattern)
      if !isGlob { sql += " ESCAPE '\\' " }
      sql += " AND "
    }
    if noSystem { sql += "name NOT LIKE 'sqlite_%%' AND " }
    return sql + "sql IS NOT NULL ORDER BY snum, rowid"
  }

  /// The `CREATE` texts `.schema` prints, from the query of ``schemaQuery``.
  private static func schemaTexts(_ source: some SchemaSource, _ sql: String)
    throws(SQLiteError) -> [String]
  {
    let rows = try source.all(sql)
    if source.hasShellFunctions { return rows.compactMap { $0[0].textValue } }
    // sql, sname, name, snum: what shell_add_schema and shell_module_schema would take.
    return rows.compactMap { row -> String? in
      let name = row[2]
      if row[3] == .real(9e99) { return SchemaText.moduleSchema([name], source: source).textValue }
      let schema: Value = row[1].textValue?.lowercased() == "main" ? .null : row[1]
      return SchemaText.addSchema([row[0], schema, name], source: source).textValue
    }
  }

  /// Registers `shell_add_schema` and `shell_module_schema`, as sqlite3 does on every open.
  ///
  /// The functions hold the connection `unowned`, not `weak`: SQLite calls them only while a
  /// statement of this connection runs, and a weak reference would give every `Connection` a
  /// side table, which makes each retain and release of it take the runtime's slow path
  /// (~100 instructions per statement of a script).
  static func registerSchemaFunctions(on connection: Connection) {
    // Not deterministic, as sqlite3 registers them (pragma_function_list's flags match).
    try? connection.createFunction(
      "shell_add_schema", argumentCount: 3, isDeterministic: false
    ) {
      [unowned connection] arguments in SchemaText.addSchema(arguments, source: connection)
    }
    try? connection.createFunction(
      "shell_module_schema", argumentCount: 1, isDeterministic: false
    ) {
      [unowned connection] arguments in SchemaText.moduleSchema(arguments, source: connection)
    }
  }

  static let fullSchema: DotCommand.Handler = { shell, arguments in
    var indent = false
    var count = arguments.count
    if count == 1 && ModeCommand.isOption(arguments[0], "indent") {
      indent = true
      count = 0
    }
    guard count == 0 else { return shell.usageFailure(.fullschema) }
    guard let source = shell.schemaSource() else { return .failure }
    return fullSchema(shell, indent: indent, source: source)
  }

  private static func fullSchema(_ shell: Shell, indent: Bool, source: some SchemaSource)
    -> DotCommand.Outcome
  {
    let sql =
      "SELECT sql FROM  (SELECT sql sql, type type, tbl_name tbl_name, name name, rowid x"
      + "     FROM sqlite_schema UNION ALL   SELECT sql, type, tbl_name, name, rowid"
      + " FROM sqlite_temp_schema) WHERE type!='meta' AND sql NOTNULL"
      + " AND name NOT LIKE 'sqlite_%' ORDER BY x"
    guard let rows = try? source.all(sql) else { return .failure }
    for row in rows {
      guard case .text(let text) = row[0] else { continue }
      shell.output.write(indent ? SchemaText.indented(text) : SchemaText.line(text, tail: ";\n"))
    }
    let stats = try? source.all(
      "SELECT rowid FROM sqlite_schema WHERE name GLOB 'sqlite_stat[134]'")
    guard let stats, !stats.isEmpty else {
      shell.output.write("/* No STAT tables available */\n")
      return .success
    }
    shell.output.write("ANALYZE sqlite_schema;\n")
    var style = OutputStyle()
    style.mode = .insert
    style.showHeaders = false
    for table in ["sqlite_stat1", "sqlite_stat4"] {
      style.insertTable = table
      if let statement = try? source.rows("SELECT * FROM " + table, []) {
        _ = try? ResultWriter.write(statement, style: style, to: shell.output)
      }
    }
    shell.output.write("ANALYZE sqlite_schema;\n")
    return .success
  }
}
