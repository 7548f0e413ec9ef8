package import SQLiteCore

/// The shell's bound parameters: values kept in `temp.sqlite_parameters` by `.parameter`, bound
/// into statements by name, as sqlite3's `bind_prepared_stmt` does.
///
/// One function does the binding so that every place that runs SQL for the user (the shell's
/// statements now, `.bench` custom workloads later) binds exactly the same values.
package enum ParameterBinding {
  /// The table `.parameter` keeps its values in.
  package static let tableName = "temp.sqlite_parameters"

  /// Binds every parameter of `statement` from the parameter table of `connection`.
  ///
  /// A parameter is looked up by its name as written (`:a`, `@a`, `$a`, `?3`); an anonymous
  /// `?` at index N is looked up as `?N`. Names without a value bind `NULL`. Without a parameter
  /// table (no `.parameter` yet) nothing is bound, so every parameter stays `NULL`.
  package static func bind(_ statement: Statement, from connection: Connection) {
    let count = statement.parameterCount
    guard count > 0, connection.hasColumn("key", inTable: "sqlite_parameters", database: "temp")
    else { return }
    guard
      let lookup = try? connection.cachedStatement(
        "SELECT value FROM temp.sqlite_parameters WHERE key=?1")
    else { return }
    defer { lookup.reset() }
    for (offset, name) in statement.parameterNames.enumerated() {
      let index = offset + 1
      let key = name ?? "?\(index)"
      lookup.reset()
      // The stored value is bound as it is, text bytes included (they may not be UTF-8).
      if (try? lookup.bind(.text(key), at: 1)) != nil, (try? lookup.step()) == true,
        (try? statement.bind(column: 0, of: lookup, at: index)) != nil
      {
        continue
      }
      statement.bindNull(at: index)
    }
  }

  /// The values for parameters named `names` (position by position, `nil` for an anonymous
  /// `?` at that position), from the parameter table of `connection`, as ``bind(_:from:)``
  /// would bind them; empty when there is no parameter table.
  ///
  /// For statements that run elsewhere (a dqlite cluster, which binds by position).
  package static func values(for names: [String?], from connection: Connection) -> [Value] {
    guard !names.isEmpty,
      connection.hasColumn("key", inTable: "sqlite_parameters", database: "temp"),
      let lookup = try? connection.cachedStatement(
        "SELECT value FROM temp.sqlite_parameters WHERE key=?1")
    else { return [] }
    defer { lookup.reset() }
    return names.enumerated().map { offset, name in
      lookup.reset()
      guard (try? lookup.bind(.text(name ?? "?\(offset + 1)"), at: 1)) != nil,
        (try? lookup.step()) == true
      else { return .null }
      return lookup.value(at: 0)
    }
  }

  /// Creates the parameter table if it is missing (sqlite3's `bind_table_init`).
  package static func createTable(on connection: Connection) {
    connection.withWritableSchema {
      try? connection.execute(
        "CREATE TABLE IF NOT EXISTS temp.sqlite_parameters(\n  key TEXT PRIMARY KEY,\n  value\n)"
          + " WITHOUT ROWID;")
    }
  }
}
