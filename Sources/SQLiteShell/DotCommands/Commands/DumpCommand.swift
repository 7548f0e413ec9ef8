import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let dump = DotCommand(
    "dump", handler: DumpCommand.run,
    help: """
      .dump ?OBJECTS?          Render database content as SQL
         Options:
           --data-only            Output only INSERT statements
           --newlines             Allow unescaped newline characters in output
           --nosys                Omit system tables (ex: "sqlite_stat1")
           --preserve-rowids      Include ROWID values in the output
         OBJECTS is a LIKE pattern for tables, indexes, triggers or views to dump
         Additional LIKE patterns can be given in subsequent arguments
      """)
}

/// `.dump [OBJECTS] [--data-only] [--newlines] [--nosys] [--preserve-rowids]`: the database as
/// SQL text that recreates it, in sqlite3 3.40.1's format.
///
/// Rows stream straight from each table's `SELECT` to the output; nothing is collected.
enum DumpCommand {
  /// The choices `.dump` takes.
  struct Options {
    var dataOnly = false
    var newlines = false
    var noSystemTables = false
    var preserveRowids = false
    /// LIKE patterns; empty means everything.
    var patterns: [String] = []
  }

  static let run: DotCommand.Handler = { shell, arguments in
    var options = Options()
    for word in arguments {
      guard word.hasPrefix("-") else {
        options.patterns.append(word)
        continue
      }
      switch word.hasPrefix("--") ? String(word.dropFirst(2)) : String(word.dropFirst()) {
      case "preserve-rowids": options.preserveRowids = true
      case "newlines": options.newlines = true
      case "data-only": options.dataOnly = true
      case "nosys": options.noSystemTables = true
      default:
        shell.output.flush()
        shell.errors.write("Unknown option \"\(word)\" on \".dump\"\n")
        return .failure
      }
    }
    guard let source = shell.schemaSource() else { return .failure }
    dump(source, options: options, to: shell.output)
    return .success
  }

  private static func dump(_ source: some SchemaSource, options: Options, to output: OutputSink) {
    var writer = BufferedWriter(output)
    defer { writer.finish() }
    var dumper = DatabaseDumper(source: source, options: options)
    dumper.dump(to: &writer)
  }

  /// The SQL condition selecting the objects that match the patterns (all when none).
  static func filter(_ patterns: [String]) -> String {
    guard !patterns.isEmpty else { return "true" }
    return patterns.map { pattern in
      let quoted = SQLiteFormatting.printf("%Q", pattern)
      return "name LIKE \(quoted) ESCAPE '\\' OR EXISTS ("
        + "  SELECT 1 FROM sqlite_schema WHERE "
        + "    name LIKE \(quoted) ESCAPE '\\' AND"
        + "    sql LIKE 'CREATE VIRTUAL TABLE%' AND"
        + "    substr(o.name, 1, length(name)+1) == (name||'_')"
        + ")"
    }.joined(separator: " OR ")
  }
}

/// Walks the schema and writes each object and each table's rows.
///
/// The list of tables (and of other objects) is read whole before any table's rows, so each
/// statement is finished before the next starts: a dqlite connection runs one at a time.
struct DatabaseDumper<Source: SchemaSource> {
  let source: Source
  let options: DumpCommand.Options
  /// Set once `PRAGMA writable_schema=ON;` has been written (for virtual tables).
  private var schemaMadeWritable = false
  /// Tables or objects that could not be read: the dump ends in `ROLLBACK` then.
  var errorCount = 0

  init(source: Source, options: DumpCommand.Options) {
    self.source = source
    self.options = options
  }

  /// Writes the whole dump.
  mutating func dump(to writer: inout BufferedWriter) {
    let filter = DumpCommand.filter(options.patterns)
    if !options.dataOnly {
      writer.append("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n")
    }
    // A savepoint gives one consistent snapshot; writable_schema reads a damaged schema too.
    if (try? source.run("SAVEPOINT dump")) != nil { try? source.run("PRAGMA writable_schema=ON") }
    if let tables = try? source.all(
      "SELECT name, type, sql FROM sqlite_schema AS o WHERE (\(filter)) AND type=='table'"
        + "  AND sql NOT NULL ORDER BY tbl_name='sqlite_sequence', rowid")
    {
      for table in tables {
        let text = table.map { $0.textValue ?? "" }
        dumpTable(name: text[0], type: text[1], sql: text[2], to: &writer)
        writer.rowDone()
      }
    } else {
      errorCount += 1
    }
    if !options.dataOnly { dumpOtherObjects(filter: filter, to: &writer) }
    if schemaMadeWritable { writer.append("PRAGMA writable_schema=OFF;\n") }
    try? source.run("PRAGMA writable_schema=OFF;")
    try? source.run("RELEASE dump;")
    if !options.dataOnly {
      writer.append(errorCount > 0 ? "ROLLBACK; -- due to errors\n" : "COMMIT;\n")
    }
  }

  /// Indexes, triggers and views, in schema order; text with a `--` comment ends on a new line.
  private mutating func dumpOtherObjects(filter: String, to writer: inout BufferedWriter) {
    guard
      let objects = try? source.all(
        "SELECT sql FROM sqlite_schema AS o WHERE (\(filter)) AND sql NOT NULL"
          + "  AND type IN ('index','trigger','view')")
    else {
      errorCount += 1
      return
    }
    for object in objects {
      let sql = object[0].textValue ?? ""
      writer.append(sql)
      writer.append(sql.contains("--") ? "\n;\n" : ";\n")
    }
  }

  /// One table: its `CREATE` text (or system-table handling), then its rows.
  private mutating func dumpTable(
    name: String, type: String, sql: String, to writer: inout BufferedWriter
  ) {
    if name == "sqlite_sequence" && !options.noSystemTables {
      if !options.dataOnly { writer.append("DELETE FROM sqlite_sequence;\n") }
    } else if Glob.matches("sqlite_stat?", name) && !options.noSystemTables {
      if !options.dataOnly { writer.append("ANALYZE sqlite_schema;\n") }
    } else if name.hasPrefix("sqlite_") {
      return
    } else if options.dataOnly {
      // Only the rows.
    } else if sql.hasPrefix("CREATE VIRTUAL TABLE") {
      if !schemaMadeWritable {
        writer.append("PRAGMA writable_schema=ON;\n")
        schemaMadeWritable = true
      }
      let quotedName = SQLiteFormatting.printf("%q", name)
      writer.append(
        "INSERT INTO sqlite_schema(type,name,tbl_name,rootpage,sql)VALUES('table','"
          + "\(quotedName)','\(quotedName)',0,'\(SQLiteFormatting.printf("%q", sql))');\n")
      return
    } else {
      writer.append(Self.schemaLine(sql))
      writer.append(";\n")
    }
    guard type == "table" else { return }
    guard let columns = columnList(of: name) else {
      errorCount += 1
      return
    }
    dumpRows(of: name, columns: columns, to: &writer)
  }

  /// sqlite3's `printSchemaLine`: closes a trailing comment, and adds `IF NOT EXISTS` to a
  /// `CREATE TABLE` whose name is quoted.
  static func schemaLine(_ sql: String) -> String {
    var text = sql
    if text.contains("/*") || text.contains("--") {
      for terminator in ["", "*/", "\n"] where Connection.isComplete(text + terminator + ";") {
        text += terminator
        break
      }
    }
    if text.hasPrefix("CREATE TABLE '") || text.hasPrefix("CREATE TABLE \"") {
      return "CREATE TABLE IF NOT EXISTS "
        + String(decoding: text.utf8.dropFirst(13), as: UTF8.self)
    }
    return text
  }
}
