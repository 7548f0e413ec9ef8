import SQLiteCore
import Testing

/// `Statement.value(at:)`, which reads each column through one `sqlite3_column_value`.
@Suite("Value from a column")
struct ValueSQLiteValueTests {
  @Test("each storage class reads as its value, blobs and text byte for byte")
  func storageClasses() throws {
    let db = try Connection()
    let statement = try db.prepare(
      """
      SELECT NULL, 7, -0.5, 'héllo', x'00ff10', x'', zeroblob(3), CAST(x'ff' AS TEXT),
        9223372036854775807
      """)
    #expect(try statement.step())
    let values = (0..<statement.columnCount).map { statement.value(at: $0) }
    #expect(
      values == [
        .null, .integer(7), .real(-0.5), .text("héllo"), .blob([0, 255, 16]), .blob([]),
        .blob([0, 0, 0]), .text("\u{FFFD}"), .integer(Int64.max),
      ])
    #expect(statement.withUnsafeBlob(at: 4) { Array($0) } == [0, 255, 16])
    #expect(statement.withUnsafeBlob(at: 6) { Array($0) } == [0, 0, 0])
    #expect(statement.withUnsafeBlob(at: 0) { $0.count } == 0)
  }

  @Test("reading a column as a value does not change what the typed reads return")
  func typedReadsAfterValue() throws {
    let db = try Connection()
    let statement = try db.prepare("SELECT 42, 'text', 1.5")
    #expect(try statement.step())
    #expect(statement.value(at: 0) == .integer(42))
    #expect(statement.string(at: 0) == "42")
    #expect(statement.storageClass(at: 0) == .integer)
    #expect(statement.int64(at: 0) == 42)
    #expect(statement.value(at: 1) == .text("text"))
    #expect(statement.storageClass(at: 1) == .text)
    #expect(statement.value(at: 2) == .real(1.5))
    #expect(statement.string(at: 2) == "1.5")
    #expect(statement.value(at: 2) == .real(1.5))
  }

  @Test("rows of a query hold the same values as value(at:)")
  func rows() throws {
    let db = try Connection()
    let rows = try db.query("SELECT 1, 'a', NULL UNION ALL SELECT 2.5, x'01', ''")
    #expect(
      rows.map(\.values) == [
        [.integer(1), .text("a"), .null], [.real(2.5), .blob([1]), .text("")],
      ])
  }
}
