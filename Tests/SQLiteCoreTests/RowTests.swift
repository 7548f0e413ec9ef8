import SQLiteCore
import Testing

@Suite("Row")
struct RowTests {
  private func firstRow(_ sql: String) throws -> Row {
    try #require(try Connection().query(sql).first)
  }

  @Test("keeps duplicate column names in order and resolves a name to its first column")
  func duplicateNames() throws {
    let row = try firstRow("SELECT 1 AS a, 2 AS b, 3 AS a")
    #expect(row.columns.names == ["a", "b", "a"])
    #expect(row.count == 3)
    #expect(row[0] == 1 && row[2] == 3)
    #expect(row["a"] == 1)
    #expect(try row.get("a", as: Int.self) == 1)
    #expect(try row.get(2, as: Int.self) == 3)
  }

  @Test("looks names up exactly first, then without regard to case")
  func caseInsensitiveNames() throws {
    let row = try firstRow("SELECT 1 AS Name, 2 AS name, 3 AS Other")
    #expect(row["Name"] == 1)
    #expect(row["name"] == 2)
    #expect(row["OTHER"] == 3)
    #expect(row["other"] == 3)
  }

  @Test("an unknown name is nil by subscript and an error naming the columns by get")
  func unknownName() throws {
    let row = try firstRow("SELECT 1 AS a, 2 AS b")
    #expect(row["c"] == nil)
    let error = try #require(throws: SQLiteError.self) { try row.get("c", as: Int.self) }
    #expect(error.message.contains("\"c\""))
    #expect(error.message.contains("a, b"))
  }

  @Test("get with an index out of range throws instead of trapping")
  func indexOutOfRange() throws {
    let row = try firstRow("SELECT 1")
    let error = try #require(throws: SQLiteError.self) { try row.get(1, as: Int.self) }
    #expect(error.code == .range)
    #expect(throws: SQLiteError.self) { try row.get(-1, as: Int.self) }
  }

  @Test("is a collection of its values, sharing one ColumnNames per result")
  func collection() throws {
    let rows = try Connection().query("SELECT 1 AS n, 'x' UNION ALL SELECT 2, 'y'")
    #expect(rows.count == 2)
    #expect(rows[0].columns === rows[1].columns)
    #expect(Array(rows[1]) == [2, "y"])
    #expect(rows.map { $0["n"] } == [1, 2])
  }

  @Test("ColumnNames indexes a hand-built list")
  func columnNames() {
    let columns = ColumnNames(["x", "X", "y"])
    #expect(columns.index(of: "x") == 0)
    #expect(columns.index(of: "X") == 1)
    #expect(columns.index(of: "Y") == 2)
    #expect(columns.index(of: "z") == nil)
    let row = Row(columns: columns, values: [1, 2, 3])
    #expect(row["X"] == 2)
  }
}
