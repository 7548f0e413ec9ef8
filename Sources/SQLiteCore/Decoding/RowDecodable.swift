/// A type that builds itself straight from a row's columns, without `Codable`.
///
/// `Decodable` records cost a keyed container and a coding-key lookup per column per row.
/// A `RowDecodable` type reads its columns by position instead, which is as fast as stepping
/// the statement by hand:
///
/// ```swift
/// struct Item: RowDecodable {
///   var id: Int64, name: String
///   init(row: StatementRow) throws {
///     id = row.int64(at: 0)
///     name = row.string(at: 1)
///   }
/// }
/// let items = try db.query(Item.self, "SELECT id, name FROM item")
/// ```
///
/// A type that is both `Decodable` and `RowDecodable` decodes through `init(row:)`.
public protocol RowDecodable {
  /// Reads the current row; `row` is valid only during this call.
  init(row: StatementRow) throws
}

extension Connection {
  /// Runs one statement and builds a `T` from each row with ``RowDecodable/init(row:)``.
  ///
  /// For large results prefer the streaming `forEach(T.self, sql) { ... }`, which holds one
  /// row at a time.
  @inlinable
  public func query<T: RowDecodable>(
    _ type: T.Type, _ sql: String, _ parameters: Parameters = .none
  ) throws -> [T] {
    try collectRows(type, sql, parameters)
  }

  /// Builds each row with ``RowDecodable/init(row:)`` for a type that is also `Decodable`.
  @inlinable
  public func query<T: RowDecodable & Decodable>(
    _ type: T.Type, _ sql: String, _ parameters: Parameters = .none
  ) throws -> [T] {
    try collectRows(type, sql, parameters)
  }

  /// Runs one statement and hands each row, built with ``RowDecodable/init(row:)``, to `body`.
  ///
  /// - Throws: the error `init(row:)` or `body` threw, or ``SQLiteError`` when a step fails.
  @inlinable
  public func forEach<T: RowDecodable>(
    _ type: T.Type, _ sql: String, _ parameters: Parameters = .none, _ body: (T) throws -> Void
  ) throws {
    try stepRows(type, sql, parameters, body)
  }

  /// Hands each row, built with ``RowDecodable/init(row:)``, to `body` for a type that is also
  /// `Decodable`.
  @inlinable
  public func forEach<T: RowDecodable & Decodable>(
    _ type: T.Type, _ sql: String, _ parameters: Parameters = .none, _ body: (T) throws -> Void
  ) throws {
    try stepRows(type, sql, parameters, body)
  }

  @inlinable
  func collectRows<T: RowDecodable>(
    _ type: T.Type, _ sql: String, _ parameters: Parameters
  ) throws -> [T] {
    // Its own loop rather than `stepRows` with an appending closure: one call less per row.
    try withStatement(sql, parameters) { statement in
      var decoded: [T] = []
      let row = StatementRow(statement)
      while try statement.step() { decoded.append(try T(row: row)) }
      return decoded
    }
  }

  @inlinable
  func stepRows<T: RowDecodable>(
    _ type: T.Type, _ sql: String, _ parameters: Parameters, _ body: (T) throws -> Void
  ) throws {
    try withStatement(sql, parameters) { statement in
      let row = StatementRow(statement)
      while try statement.step() { try body(try T(row: row)) }
    }
  }
}
