extension Connection {
  /// Runs one statement and returns all its rows.
  ///
  /// The statement comes from the statement cache. For large results prefer
  /// ``forEachRow(_:_:_:)``, which never holds more than one row.
  public func query(_ sql: String, _ parameters: Parameters = .none) throws(SQLiteError) -> [Row] {
    let statement = try checkOut(sql, parameters)
    defer { checkIn(statement) }
    var rows: [Row] = []
    while try statement.step() { rows.append(statement.row()) }
    return rows
  }

  /// Runs one statement and hands each row to `body` as it is stepped, without collecting them.
  public func forEachRow(
    _ sql: String, _ parameters: Parameters = .none, _ body: (Row) throws -> Void
  ) throws {
    try withStatement(sql, parameters) { statement in
      while try statement.step() { try body(statement.row()) }
    }
  }

  /// Runs `body` with the cached, bound statement for `sql`, and resets it afterwards.
  ///
  /// The fastest way to read: step the statement yourself and read columns with
  /// ``Statement/int64(at:)``, ``Statement/double(at:)`` and ``Statement/string(at:)``.
  public func withStatement<R>(
    _ sql: String, _ parameters: Parameters = .none, _ body: (Statement) throws -> R
  ) throws -> R {
    let statement = try checkOut(sql, parameters)
    defer { checkIn(statement) }
    return try body(statement)
  }

  /// The first column of the first row converted to `T`, or `nil` when there is no row or it is
  /// `NULL`.
  public func scalar<T: ValueConvertible>(
    _ sql: String, _ parameters: Parameters = .none, as type: T.Type = T.self
  ) throws(SQLiteError) -> T? {
    let statement = try checkOut(sql, parameters)
    defer { checkIn(statement) }
    guard try statement.step(), statement.columnCount > 0 else { return nil }
    let value = statement.value(at: 0)
    if value.isNull { return nil }
    return try Row.convert(value, column: statement.columnName(at: 0), index: 0) as T
  }

  /// Runs one statement and decodes each row into `T`, matching coding keys to column names.
  ///
  /// For large results prefer ``forEach(_:_:_:_:)-1w4eb``, which decodes one row at a time.
  ///
  /// - Throws: ``SQLiteError`` naming the column when one is missing or has the wrong type.
  @inlinable
  public func query<T: Decodable>(
    _ type: T.Type, _ sql: String, _ parameters: Parameters = .none
  ) throws -> [T] {
    // Its own loop rather than `forEach` with an appending closure: one call less per row.
    try withStatement(sql, parameters) { statement in
      let decoder = RowDecoder(statement: statement)
      defer { decoder.finish() }
      var decoded: [T] = []
      while try statement.step() { decoded.append(try decoder.decodeRow(type)) }
      return decoded
    }
  }

  /// Runs one statement and hands each row, decoded into `T`, to `body` as it is stepped.
  ///
  /// Coding keys are matched to column names on the first row; later rows reuse the match.
  ///
  /// - Throws: ``SQLiteError`` naming the column when one is missing or has the wrong type,
  ///   or the error `body` threw.
  public func forEach<T: Decodable>(
    _ type: T.Type, _ sql: String, _ parameters: Parameters = .none, _ body: (T) throws -> Void
  ) throws {
    try withStatement(sql, parameters) { statement in
      let decoder = RowDecoder(statement: statement)
      defer { decoder.finish() }
      while try statement.step() {
        try body(try decoder.decodeRow(type))
      }
    }
  }
}
