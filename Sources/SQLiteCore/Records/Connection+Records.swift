extension Connection {
  /// Runs one statement with the stored properties of `record` bound to its named parameters.
  ///
  /// Each property binds to the parameter of the same name (`:name`, `@name` or `$name`); a
  /// property no parameter names is left out, so one type serves several statements:
  ///
  /// ```swift
  /// struct Player: Codable { var id: Int64; var name: String; var joined: Date }
  /// try db.execute("UPDATE player SET name = :name WHERE id = :id", record: player)
  /// ```
  ///
  /// A `nil` optional binds `NULL`; a ``ValueConvertible`` property (`Date`, `UUID`, `Data`,
  /// `URL`, ...) binds as that type says; an enum with a raw value binds its raw value.
  /// - Throws: ``SQLiteError``: `misuse` when a parameter has no property (naming it), or the
  ///   statement has positional parameters; `mismatch` when a property holds an object or an
  ///   array (naming it); or the error of the step. Nothing runs when binding fails.
  public func execute<R: Encodable>(_ sql: String, record: R) throws {
    let plan = try recordPlans.plan(for: record, .execute(sql: sql)) { _ in sql }
    try run(plan, record)
  }

  /// Inserts `record` as one row of `table`, one column per stored property, and returns the
  /// new row's rowid.
  ///
  /// The statement, `INSERT INTO "table"("a", "b") VALUES (:a, :b)`, is made once per record
  /// type and table, then taken from the statement cache: inserting many records costs little
  /// more than binding their values by hand.
  /// - Throws: ``SQLiteError``, for example `constraintPrimaryKey` when the row exists.
  @discardableResult
  public func insert<R: Encodable>(_ record: R, into table: String) throws -> Int64 {
    let plan = try recordPlans.insertPlan(for: record, into: table) { names in
      Self.insertSQL(table, names)
    }
    try run(plan, record)
    return lastInsertRowID
  }

  /// Inserts `record` into `table`, or updates the row whose `conflict` columns hold the same
  /// values (SQLite's `INSERT ... ON CONFLICT (...) DO UPDATE`).
  ///
  /// `conflict` names a primary key or a unique index, such as `["id"]`; the other properties
  /// overwrite that row's columns.
  public func upsert<R: Encodable>(
    _ record: R, into table: String, onConflict conflict: [String]
  ) throws {
    let plan = try recordPlans.plan(for: record, .upsert(table: table, conflict: conflict)) {
      names in
      let updated = names.filter { !conflict.contains($0) }
      let action =
        updated.isEmpty
        ? "NOTHING"
        : "UPDATE SET "
          + updated.map { "\(quoted($0)) = excluded.\(quoted($0))" }.joined(separator: ", ")
      return Self.insertSQL(table, names)
        + " ON CONFLICT(\(conflict.map(quoted).joined(separator: ", "))) DO \(action)"
    }
    try run(plan, record)
  }

  /// Updates the row of `table` whose `key` columns hold `record`'s values for them, setting
  /// every other column from its property; returns the number of rows changed (0: no such row).
  ///
  /// ```swift
  /// player.name = "Ada"
  /// try db.update(player, in: "player", key: ["id"])
  /// ```
  /// - Throws: ``SQLiteError`` with `misuse` when a key column is not a property of the record.
  @discardableResult
  public func update<R: Encodable>(_ record: R, in table: String, key: [String]) throws -> Int {
    let plan = try recordPlans.plan(for: record, .update(table: table, key: key)) { names in
      if let missing = key.first(where: { !names.contains($0) }) {
        throw SQLiteError.misuse("key column \"\(missing)\" is not a property of \(R.self)")
      }
      let assignments = names.filter { !key.contains($0) }.map { "\(quoted($0)) = :\($0)" }
      guard !assignments.isEmpty else {
        throw SQLiteError.misuse("\(R.self) has no property to update besides its key")
      }
      return "UPDATE \(quoted(table)) SET \(assignments.joined(separator: ", ")) WHERE "
        + key.map { "\(quoted($0)) = :\($0)" }.joined(separator: " AND ")
    }
    try run(plan, record)
    return changes
  }

  private static func insertSQL(_ table: String, _ names: [String]) -> String {
    "INSERT INTO \(quoted(table))(\(names.map(quoted).joined(separator: ", "))) VALUES ("
      + names.map { ":" + $0 }.joined(separator: ", ") + ")"
  }

  /// Binds `record` to the plan's cached statement and runs it to the end.
  private func run<R: Encodable>(_ plan: RecordPlan, _ record: R) throws {
    // Every parameter is bound (the encoder checks), so the old values need no clearing.
    let statement = try cachedStatement(plan.sql, clearingBindings: false)
    defer { statement.reset() }
    try plan.encoder.bind(record, to: statement)
    try statement.run()
  }
}

/// An SQL identifier in double quotes, inner quotes doubled.
private func quoted(_ name: String) -> String {
  "\"" + name.replacing("\"", with: "\"\"") + "\""
}
