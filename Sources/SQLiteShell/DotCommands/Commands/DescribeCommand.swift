import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let describe = DotCommand(
    "describe", minimumPrefix: 3, origin: .litesh, handler: DescribeCommand.run,
    help: """
      .describe TABLE          Show a table's or view's columns, rows, indexes, foreign keys
           Columns with type, NOT NULL, default, primary-key position and collation
      """)
}

/// `.describe TABLE` (litesh's own): a table's or view's columns (type, NOT NULL, default,
/// primary-key position, collation), then its row count, indexes and foreign keys.
///
/// Each part is a result printed through the shell's normal result path (a `VALUES` query run
/// as typed SQL would be), so it shows in the current output mode, with headers.
enum DescribeCommand {
  static let run: DotCommand.Handler = { shell, arguments in
    guard arguments.count == 1 else { return shell.usageFailure(.describe) }
    guard let source = shell.schemaSource() else { return .failure }
    return describe(arguments[0], shell: shell, source: source)
  }

  private static func describe(_ name: String, shell: Shell, source: some SchemaSource)
    -> DotCommand.Outcome
  {
    let found: SchemaObject?
    do {
      found = try SchemaObject.find(name, in: source)
    } catch {
      // SQLite's reason, as `.tables` gives it (`file is not a database`), not "no such table".
      shell.errors.write("Error: \(error.message)\n")
      return .failure
    }
    guard let object = found else {
      var hint = ""
      if let connection = source as? Connection {
        let closest = ColumnSuggestions.closestTables(to: name, connection: connection)
        if !closest.isEmpty { hint = " (closest: \(closest.joined(separator: ", ")))" }
      }
      shell.errors.write("Error: no such table or view: \(name)\(hint)\n")
      return .failure
    }
    let parts = DescribeParts(object, source: source)
    let savedHeaders = shell.state.style.showHeaders
    shell.state.style.showHeaders = true
    defer { shell.state.style.showHeaders = savedHeaders }
    var failed = !shell.runResult(parts.columns)
    if let count = parts.rowCount {
      // Named, so it does not read as the footer of the result above it (display mode).
      shell.output.write("\(object.name) holds \(count) row\(count == 1 ? "" : "s")\n")
    }
    if let definition = parts.viewDefinition { shell.output.write(definition + "\n") }
    for section in [parts.indexes, parts.foreignKeys] where !section.rows.isEmpty {
      failed = !shell.runResult(section) || failed
    }
    return failed ? .failure : .success
  }
}

/// A table or view, and the schema holding it.
struct SchemaObject {
  /// `main`, `temp` or an attached name.
  var schema: String
  /// The name as the schema spells it.
  var name: String
  /// Whether it is a view.
  var isView: Bool

  /// The table or view called `written` (`name` or `schema.name`, any case), searching the
  /// schemas in `PRAGMA database_list` order; throws what SQLite says when a schema cannot be
  /// read (a file that is not a database).
  static func find(_ written: String, in source: some SchemaSource) throws(SQLiteError)
    -> SchemaObject?
  {
    var schemas = try source.all("SELECT name FROM pragma_database_list").compactMap {
      row -> String? in
      if case .text(let name) = row[0] { return name }
      return nil
    }
    var name = written
    // `temp` is a schema even before anything is made in it (its schema table is there).
    if let dot = written.firstIndex(of: "."),
      case let prefix = written[..<dot].lowercased(),
      prefix == "temp" || schemas.contains(where: { $0.lowercased() == prefix })
    {
      schemas = [String(written[..<dot])]
      name = String(written[written.index(after: dot)...])
    }
    if let schemaTable = schemaTable(name, schemas: schemas) { return schemaTable }
    for schema in schemas {
      let sql =
        "SELECT name, type FROM \(schema.sqlQuoted()).sqlite_schema"
        + " WHERE type IN ('table','view') AND name = ? COLLATE NOCASE"
      guard let row = try source.all(sql, [.text(name)]).first,
        case .text(let found) = row[0], case .text(let type) = row[1]
      else { continue }
      return SchemaObject(schema: schema, name: found, isView: type == "view")
    }
    return nil
  }

  /// The schema table itself (`sqlite_schema`, `sqlite_master`, their `temp` names), which
  /// is not listed in itself: in `main` unless `temp` is named or the `temp` spelling used.
  private static func schemaTable(_ name: String, schemas: [String]) -> SchemaObject? {
    let lowered = name.lowercased()
    let isTemp = ["sqlite_temp_schema", "sqlite_temp_master"].contains(lowered)
    guard isTemp || ["sqlite_schema", "sqlite_master"].contains(lowered) else { return nil }
    let schema = isTemp ? "temp" : schemas.count == 1 ? schemas[0] : "main"
    return SchemaObject(schema: schema, name: lowered, isView: false)
  }

  /// `"schema"."name"`.
  var qualifiedName: String { schema.sqlQuoted() + "." + name.sqlQuoted() }
}

/// One result of `.describe`: column names and rows of SQL literals.
struct DescribeResult {
  /// The column names.
  var columns: [String]
  /// Each row's cells, as SQL literals (`'text'`, `3`, `NULL`).
  var rows: [[String]]

  /// `SELECT column1 AS "name", … FROM (VALUES (…), …)`.
  var sql: String {
    let names = columns.enumerated().map { "column\($0.offset + 1) AS \($0.element.sqlQuoted())" }
    let values = rows.map { "(" + $0.joined(separator: ", ") + ")" }
    return "SELECT " + names.joined(separator: ", ") + " FROM (VALUES "
      + values.joined(separator: ", ") + ");"
  }
}

/// What `.describe` shows of one table or view, read from its pragmas.
struct DescribeParts {
  /// column, type, not null, default, pk, collation.
  var columns = DescribeResult(
    columns: ["column", "type", "not null", "default", "pk", "collation"], rows: [])
  /// The rows of a table; `nil` for a view.
  var rowCount: Int64?
  /// The `CREATE VIEW` text of a view.
  var viewDefinition: String?
  /// index, unique, columns, origin, partial.
  var indexes = DescribeResult(columns: ["index", "unique", "columns", "origin"], rows: [])
  /// columns, references, on update, on delete.
  var foreignKeys = DescribeResult(
    columns: ["foreign key", "references", "on update", "on delete"], rows: [])

  /// Reads `object` from `source`; the collation only where SQLite's C API can say it (a
  /// database file, not a dqlite cluster).
  init(_ object: SchemaObject, source: some SchemaSource) {
    let schema = object.schema
    let table = object.name
    let info =
      (try? source.all(
        "SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?, ?)",
        [.text(table), .text(schema)])) ?? []
    for row in info {
      let name = Self.text(row[0])
      var type = Self.text(row[1])
      if case .integer(let hidden) = row[5], hidden >= 2 {
        type += hidden == 2 ? " GENERATED VIRTUAL" : " GENERATED STORED"
      }
      let notNull = row[2] == .integer(1) ? "NOT NULL" : ""
      let pk: String =
        if case .integer(let position) = row[4], position > 0 { "\(position)" } else { "" }
      var collation = ""
      if !object.isView, let connection = source as? Connection,
        let declared = connection.collation(ofColumn: name, inTable: table, database: schema),
        declared.uppercased() != "BINARY"
      {
        collation = declared
      }
      // No default is blank; a declared `DEFAULT NULL` comes as the text `NULL` and shows so.
      let defaultValue = Self.text(row[3]).sqlQuoted("'")
      columns.rows.append([
        name.sqlQuoted("'"), type.sqlQuoted("'"), notNull.sqlQuoted("'"), defaultValue,
        pk.isEmpty ? "''" : pk, collation.sqlQuoted("'"),
      ])
    }
    if object.isView {
      let sql = "SELECT sql FROM \(schema.sqlQuoted()).sqlite_schema WHERE name = ?"
      if let row = (try? source.all(sql, [.text(table)]))?.first, case .text(let text) = row[0] {
        viewDefinition = text.hasSuffix(";") ? text : text + ";"
      }
      return
    }
    let count = try? source.all("SELECT count(*) FROM \(object.qualifiedName)").first?.first
    if case .integer(let rows)? = count { rowCount = rows }
    readIndexes(object, source: source)
    readForeignKeys(object, source: source)
  }

  private mutating func readIndexes(_ object: SchemaObject, source: some SchemaSource) {
    let list =
      (try? source.all(
        "SELECT name, \"unique\", origin, partial FROM pragma_index_list(?, ?) ORDER BY seq DESC",
        [.text(object.name), .text(object.schema)])) ?? []
    for row in list {
      let index = Self.text(row[0])
      let keys =
        (try? source.all(
          "SELECT name, \"desc\", coll FROM pragma_index_xinfo(?, ?) WHERE key ORDER BY seqno",
          [.text(index), .text(object.schema)])) ?? []
      let columns = keys.map { key -> String in
        var text = key[0] == .null ? "<expression>" : Self.text(key[0])
        if case .text(let collation) = key[2], collation.uppercased() != "BINARY" {
          text += " COLLATE " + collation
        }
        if key[1] == .integer(1) { text += " DESC" }
        return text
      }
      let origin =
        switch Self.text(row[2]) {
        case "pk": "primary key"
        case "u": "unique"
        default: row[3] == .integer(1) ? "partial index" : "index"
        }
      indexes.rows.append([
        index.sqlQuoted("'"), row[1] == .integer(1) ? "'yes'" : "'no'",
        columns.joined(separator: ", ").sqlQuoted("'"), origin.sqlQuoted("'"),
      ])
    }
  }

  /// The foreign keys in declaration order: `PRAGMA foreign_key_list` numbers the last
  /// declared 0.
  private mutating func readForeignKeys(_ object: SchemaObject, source: some SchemaSource) {
    let list =
      (try? source.all(
        "SELECT id, \"table\", \"from\", \"to\", on_update, on_delete"
          + " FROM pragma_foreign_key_list(?, ?) ORDER BY id DESC, seq",
        [.text(object.name), .text(object.schema)])) ?? []
    var groups:
      [(
        id: Int64, table: String, from: [String], to: [String], update: String,
        delete: String
      )] = []
    for row in list {
      guard case .integer(let id) = row[0] else { continue }
      if groups.last?.id != id {
        groups.append((id, Self.text(row[1]), [], [], Self.text(row[4]), Self.text(row[5])))
      }
      groups[groups.count - 1].from.append(Self.text(row[2]))
      if row[3] != .null { groups[groups.count - 1].to.append(Self.text(row[3])) }
    }
    for group in groups {
      // `REFERENCES parent` without columns means the parent's primary key.
      let to =
        group.to.isEmpty
        ? Self.primaryKey(of: group.table, schema: object.schema, source: source) : group.to
      let target = group.table + (to.isEmpty ? "" : "(" + to.joined(separator: ", ") + ")")
      foreignKeys.rows.append([
        group.from.joined(separator: ", ").sqlQuoted("'"), target.sqlQuoted("'"),
        group.update.sqlQuoted("'"), group.delete.sqlQuoted("'"),
      ])
    }
  }

  /// The primary-key columns of `table`, in key order; none when it has no declared key.
  private static func primaryKey(of table: String, schema: String, source: some SchemaSource)
    -> [String]
  {
    let rows =
      (try? source.all(
        "SELECT name FROM pragma_table_info(?, ?) WHERE pk > 0 ORDER BY pk",
        [.text(table), .text(schema)])) ?? []
    return rows.map { text($0[0]) }
  }

  private static func text(_ value: Value) -> String {
    switch value {
    case .text(let text): text
    case .integer(let number): "\(number)"
    case .real(let number): "\(number)"
    case .null: ""
    case .blob: "<blob>"
    }
  }
}

extension Shell {
  /// Runs `result`'s query as typed SQL runs (on a reader when readers are on, on the
  /// cluster with dqlite), so it shows in the current output mode.
  func runResult(_ result: DescribeResult) -> Bool {
    guard !result.rows.isEmpty else { return true }
    if isDqlite { return runSQL(SQLText(result.sql), line: nil) }
    guard let connection = openDatabase() else { return false }
    guard let failure = execute(SQLText(result.sql), on: connection) else { return true }
    errors.write("Error: " + ErrorText.detail(failure.error, phase: failure.phase) + "\n")
    return false
  }
}
