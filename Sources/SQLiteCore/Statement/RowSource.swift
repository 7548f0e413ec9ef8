/// The rows of one statement as the shell's formatters read them: step, then read the columns
/// of the current row.
///
/// ``Statement`` conforms at no cost (the formatters are generic over it, so a local statement
/// is read through direct calls); a result from another engine (a dqlite cluster) conforms too
/// and goes through the same formatters, byte for byte.
public protocol RowSource: AnyObject {
  /// The SQL text of the statement.
  var sql: String { get }
  /// The number of result columns.
  var columnCount: Int { get }
  /// The names of the result columns.
  var columnNames: [String] { get }
  /// The name of one result column.
  func columnName(at index: Int) -> String
  /// 1 for `EXPLAIN`, 2 for `EXPLAIN QUERY PLAN`, 0 otherwise.
  var explainKind: Int { get }
  /// Advances to the next row; `false` when done.
  func step() throws(SQLiteError) -> Bool
  /// Steps to the end, discarding rows.
  func run() throws(SQLiteError)
  /// The storage class of a column in the current row.
  func storageClass(at index: Int) -> StorageClass
  /// A column as an integer (converted as SQLite converts).
  func int64(at index: Int) -> Int64
  /// A column as a real (converted as SQLite converts).
  func double(at index: Int) -> Double
  /// A column as text (`NULL` is "").
  func string(at index: Int) -> String
  /// Calls `body` with the column's text bytes, valid only inside.
  func withUnsafeText<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R)
    rethrows -> R
  /// Calls `body` with the column's blob bytes, valid only inside.
  func withUnsafeBlob<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R)
    rethrows -> R
}

extension Statement: RowSource {}
