/// The current row of a statement being stepped: typed column reads, nothing copied up front.
///
/// A ``RowDecodable`` type receives one in `init(row:)`. It is valid only inside that call:
/// the next step replaces the row it reads.
public struct StatementRow {
  /// The statement whose current row this reads.
  @usableFromInline let statement: Statement

  /// Wraps the statement's current row.
  @inlinable
  init(_ statement: Statement) { self.statement = statement }

  /// The number of columns in the row.
  @inlinable
  public var columnCount: Int { statement.columnCount }

  /// The index of the first column with this name (exact, then case-insensitive), if any.
  public func index(of name: String) -> Int? { statement.columns.index(of: name) }

  /// The storage class of a column (index from 0).
  @inlinable
  public func storageClass(at index: Int) -> StorageClass { statement.storageClass(at: index) }

  /// Whether a column is `NULL`.
  @inlinable
  public func isNull(at index: Int) -> Bool { statement.storageClass(at: index) == .null }

  /// The integer value of a column (SQLite converts other storage classes; `NULL` is 0).
  @inlinable
  public func int64(at index: Int) -> Int64 { statement.int64(at: index) }

  /// The real value of a column (SQLite converts other storage classes; `NULL` is 0).
  @inlinable
  public func double(at index: Int) -> Double { statement.double(at: index) }

  /// The text of a column (SQLite converts other storage classes; `NULL` is "").
  @inlinable
  public func string(at index: Int) -> String { statement.string(at: index) }

  /// Calls `body` with a column's text bytes (UTF-8, no terminator), valid only inside `body`.
  ///
  /// No `String` is made: read or copy what you need inside (see
  /// ``Statement/withUnsafeText(at:_:)``).
  @inlinable
  public func withUnsafeText<R>(
    at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R
  ) rethrows -> R {
    try statement.withUnsafeText(at: index, body)
  }

  /// The value of a column, whatever its storage class.
  @inlinable
  public func value(at index: Int) -> Value { statement.value(at: index) }

  /// A column converted to `T`, checked like ``Row``'s typed reads.
  ///
  /// - Throws: ``SQLiteError`` with code `mismatch`, naming the column, when the value does
  ///   not convert (`NULL` to a non-optional type, text to an integer, ...).
  public func get<T: ValueConvertible>(_ type: T.Type = T.self, at index: Int)
    throws(SQLiteError) -> T
  {
    let value = statement.value(at: index)
    return try Row.convert(value, column: statement.columnName(at: index), index: index)
  }
}
