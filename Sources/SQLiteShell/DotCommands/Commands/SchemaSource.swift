import DqliteClient
import SQLiteCore

/// Where `.tables`, `.indexes`, `.schema`, `.fullschema` and `.dump` run their SQL: the local
/// connection, or the database on a dqlite cluster.
///
/// The commands build the same SQL either way and print its rows with the same code; only
/// preparing a statement differs. One statement's rows are read to the end before the next
/// statement is prepared (a dqlite connection answers one request at a time).
protocol SchemaSource {
  associatedtype Rows: RowSource
  /// `sql` prepared with positional parameters, ready to step.
  func rows(_ sql: String, _ parameters: [Value]) throws(SQLiteError) -> Rows
  /// Runs a statement that returns no rows.
  func run(_ sql: String) throws(SQLiteError)
  /// Whether `column` can be selected from `table` of the main schema (a rowid alias, say).
  func hasColumn(_ column: String, inTable table: String) -> Bool
  /// Whether the shell's own SQL functions (`shell_add_schema`, …) run where the SQL runs.
  var hasShellFunctions: Bool { get }
}

extension SchemaSource {
  /// Every row of `sql`, read to the end.
  func all(_ sql: String, _ parameters: [Value] = []) throws(SQLiteError) -> [[Value]] {
    let rows = try rows(sql, parameters)
    var result: [[Value]] = []
    while try rows.step() {
      result.append((0..<rows.columnCount).map { rows.value(at: $0) })
    }
    return result
  }
}

extension RowSource {
  /// A column of the current row as a ``Value``.
  func value(at index: Int) -> Value {
    switch storageClass(at: index) {
    case .null: .null
    case .integer: .integer(int64(at: index))
    case .real: .real(double(at: index))
    case .text: .text(string(at: index))
    case .blob: .blob(withUnsafeBlob(at: index) { Array($0) })
    }
  }
}

extension Connection: SchemaSource {
  func rows(_ sql: String, _ parameters: [Value]) throws(SQLiteError) -> Statement {
    let statement = try prepare(sql)
    for (offset, value) in parameters.enumerated() { try statement.bind(value, at: offset + 1) }
    return statement
  }

  func run(_ sql: String) throws(SQLiteError) { try execute(sql) }

  func hasColumn(_ column: String, inTable table: String) -> Bool {
    hasColumn(column, inTable: table, database: "main")
  }

  var hasShellFunctions: Bool { true }
}

/// The database of a dqlite session as a ``SchemaSource``: each statement is one PREPARE and
/// one QUERY (or EXEC) on the leader.
struct DqliteSchemaSource: SchemaSource {
  let session: DqliteSession

  func rows(_ sql: String, _ parameters: [Value]) throws(SQLiteError) -> DqliteRows {
    let outcome: DqliteSession.Outcome
    do {
      outcome = try session.execute(sql, parameters: parameters)
    } catch {
      throw error.sqliteError
    }
    guard case .rows(let rows) = outcome else {
      throw SQLiteError(code: .error, message: "no rows from: \(sql)")
    }
    return rows
  }

  func run(_ sql: String) throws(SQLiteError) {
    let outcome: DqliteSession.Outcome
    do {
      outcome = try session.execute(sql)
    } catch {
      throw error.sqliteError
    }
    if case .rows(let rows) = outcome { try rows.discard() }
  }

  /// The column can be selected when a statement selecting it prepares.
  func hasColumn(_ column: String, inTable table: String) -> Bool {
    let sql =
      "SELECT " + SQLIdentifier.quotedIfNeeded(column) + " FROM "
      + SQLIdentifier.quotedIfNeeded(table) + " LIMIT 0"
    return (try? all(sql)) != nil
  }

  var hasShellFunctions: Bool { false }
}

extension Shell {
  /// The local connection (opened now if needed) or the cluster's database; `nil` after a
  /// message when neither can be had.
  func schemaSource() -> (any SchemaSource)? {
    if isDqlite { return dqliteSession().map(DqliteSchemaSource.init) }
    return openDatabase()
  }
}
