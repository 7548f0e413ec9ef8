/// The names of a result's columns, with a case-insensitive index by name.
///
/// Shared by every ``Row`` of one result, so a row costs only its values.
public final class ColumnNames: Sendable {
  /// The names in column order, duplicates kept (`SELECT 1 AS a, 2 AS a` is legal SQL).
  public let names: [String]
  private let exactIndex: [String: Int]
  private let foldedIndex: [String: Int]

  /// Creates the index over `names`; a duplicate name resolves to its first column.
  public init(_ names: [String]) {
    self.names = names
    var exact: [String: Int] = [:]
    var folded: [String: Int] = [:]
    for (offset, name) in names.enumerated() {
      if exact[name] == nil { exact[name] = offset }
      let lowered = name.lowercased()
      if folded[lowered] == nil { folded[lowered] = offset }
    }
    exactIndex = exact
    foldedIndex = folded
  }

  /// The index of the first column with this name (exact, then case-insensitive).
  public func index(of name: String) -> Int? {
    exactIndex[name] ?? foldedIndex[name.lowercased()]
  }
}

/// One result row: values in column order, with their column names.
public struct Row: Sendable, RandomAccessCollection {
  /// The result's columns.
  public let columns: ColumnNames
  /// The values, in column order.
  public var values: [Value]

  /// Creates a row.
  public init(columns: ColumnNames, values: [Value]) {
    self.columns = columns
    self.values = values
  }

  /// The first index: 0.
  public var startIndex: Int { 0 }
  /// The number of columns.
  public var endIndex: Int { values.count }

  /// The value at a column index.
  public subscript(index: Int) -> Value { values[index] }

  /// The value of the first column with this name, or `nil` when there is none.
  public subscript(name: String) -> Value? {
    columns.index(of: name).map { values[$0] }
  }

  /// The value at `index` converted to `T`.
  ///
  /// - Throws: ``SQLiteError`` (code `mismatch`) naming the column and both types.
  public func get<T: ValueConvertible>(_ index: Int, as type: T.Type = T.self) throws(SQLiteError)
    -> T
  {
    guard index >= 0, index < values.count else {
      throw SQLiteError(
        code: .range, message: "column index \(index) out of range: the row has \(values.count)")
    }
    return try Row.convert(values[index], column: columns.names[index], index: index)
  }

  /// The value of the column `name` converted to `T`.
  ///
  /// - Throws: ``SQLiteError`` naming the column when it is missing or cannot convert.
  public func get<T: ValueConvertible>(_ name: String, as type: T.Type = T.self) throws(SQLiteError)
    -> T
  {
    guard let index = columns.index(of: name) else {
      throw SQLiteError(
        code: .range,
        message:
          "no column named \"\(name)\" in the row (columns: \(columns.names.joined(separator: ", ")))"
      )
    }
    return try Row.convert(values[index], column: name, index: index)
  }

  static func convert<T: ValueConvertible>(_ value: Value, column: String, index: Int)
    throws(SQLiteError) -> T
  {
    guard let converted = T.fromSQLite(value) else {
      throw mismatch(value, column: column, index: index, T.self)
    }
    return converted
  }

  /// The error for a value that does not convert to `type`, naming the column.
  static func mismatch(_ value: Value, column: String, index: Int, _ type: Any.Type) -> SQLiteError
  {
    SQLiteError(
      code: .mismatch,
      message:
        "column \"\(column)\" (index \(index)): cannot convert \(value.storageClass) value \(value) to \(type)"
    )
  }
}
