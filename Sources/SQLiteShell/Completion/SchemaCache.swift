package import SQLiteCore

/// The names completion offers from a database: schemas, tables, views and their columns.
///
/// Table names are read once per schema change (checked with `PRAGMA schema_version` on every
/// request, so DDL from this shell or another process refreshes it); columns are read lazily,
/// only for the tables a statement mentions. Every read is capped, so a schema with many
/// thousands of tables never makes a TAB press slow. A read that fails (a locked or corrupt
/// database) leaves the previous names in place rather than reporting anything.
package final class SchemaCache {
  /// A table or view and the schema (`main`, `temp`, an attached name) holding it.
  package struct Table: Equatable, Sendable {
    /// The schema name.
    package var schema: String
    /// The table or view name.
    package var name: String
  }

  /// The most table names read from one schema.
  package static let tableLimit = 5000
  /// The most tables whose columns one request reads.
  package static let columnTableLimit = 16

  private var connectionID: ObjectIdentifier?
  private var versions: [String: Int] = [:]
  private var columnsByTable: [String: [String]] = [:]
  /// The schema names, in `PRAGMA database_list` order.
  package private(set) var schemas: [String] = []
  /// Every table and view, main schema first.
  package private(set) var tables: [Table] = []

  /// Creates an empty cache; it fills on the first ``refresh(from:)``.
  package init() {}

  /// Reloads the names if the connection or any schema changed since the last call.
  package func refresh(from connection: Connection) {
    let identity = ObjectIdentifier(connection)
    guard let current = try? Self.schemaVersions(connection) else { return }
    if identity == connectionID, current == versions { return }
    connectionID = identity
    versions = current
    columnsByTable = [:]
    schemas = current.keys.sorted { Self.order($0) < Self.order($1) }
    var loaded: [Table] = []
    for schema in schemas {
      let sql =
        "SELECT name FROM \(schema.sqlQuoted()).sqlite_schema "
        + "WHERE type IN ('table','view') ORDER BY name LIMIT \(Self.tableLimit)"
      guard let rows = try? connection.query(sql) else { continue }
      for row in rows {
        if case .text(let name) = row[0] { loaded.append(Table(schema: schema, name: name)) }
      }
    }
    tables = loaded
  }

  /// Forgets everything, so the next ``refresh(from:)`` reads the schema again.
  package func invalidate() {
    connectionID = nil
    versions = [:]
  }

  /// The table or view called `name` (case-insensitively), optionally in one schema.
  package func table(named name: String, schema: String? = nil) -> Table? {
    let lowered = name.lowercased()
    return tables.first {
      $0.name.lowercased() == lowered && (schema == nil || $0.schema.lowercased() == schema)
    }
  }

  /// The column names of a table or view, read on first use and then kept.
  package func columns(of table: Table, in connection: Connection) -> [String] {
    let key = table.schema + "." + table.name
    if let cached = columnsByTable[key] { return cached }
    let sql = "SELECT name FROM pragma_table_xinfo(?, ?)"
    let rows = (try? connection.query(sql, [table.name, table.schema])) ?? []
    let names = rows.compactMap { row -> String? in
      if case .text(let name) = row[0] { return name }
      return nil
    }
    columnsByTable[key] = names
    return names
  }

  private static func schemaVersions(_ connection: Connection) throws -> [String: Int] {
    var versions: [String: Int] = [:]
    for row in try connection.query("SELECT name FROM pragma_database_list") {
      guard case .text(let name) = row[0] else { continue }
      let version: Int? = try connection.scalar("PRAGMA \(name.sqlQuoted()).schema_version")
      versions[name] = version ?? 0
    }
    return versions
  }

  private static func order(_ schema: String) -> String {
    switch schema {
    case "main": "0"
    case "temp": "1"
    default: "2" + schema
    }
  }

}
