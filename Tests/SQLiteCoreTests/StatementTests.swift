import SQLiteCore
import Testing

@Suite("Statement")
struct StatementTests {
  @Test("steps through rows, reports done, and runs again after reset")
  func stepAndReset() throws {
    let db = try Connection()
    let statement = try db.prepare(TestSQL.counting(to: 3))
    var seen: [Int64] = []
    while try statement.step() { seen.append(statement.int64(at: 0)) }
    #expect(seen == [1, 2, 3])
    statement.reset()
    #expect(try statement.step())
    #expect(statement.value(at: 0) == 1)
    while try statement.step() {}
    #expect(try statement.step(), "SQLite resets a done statement itself on the next step")
    #expect(statement.value(at: 0) == 1)
  }

  @Test("reports column count, names and declared types")
  func columns() throws {
    let db = try Connection()
    try db.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, name VARCHAR(10), extra)")
    let statement = try db.prepare("SELECT id, name AS label, extra, 1 + 1 FROM t")
    #expect(statement.columnCount == 4)
    #expect(statement.columnNames == ["id", "label", "extra", "1 + 1"])
    #expect(statement.columnName(at: 1) == "label")
    #expect(statement.declaredTypes == ["INTEGER", "VARCHAR(10)", nil, nil])
    #expect(try db.prepare("CREATE TABLE u(a)").columnCount == 0)
  }

  @Test("knows whether it is read-only, an EXPLAIN, and busy")
  func properties() throws {
    let db = try Connection()
    try db.execute("CREATE TABLE t(a)")
    #expect(try db.prepare("SELECT * FROM t").isReadOnly)
    #expect(try db.prepare("INSERT INTO t VALUES (1)").isReadOnly == false)
    #expect(try db.prepare("SELECT 1").explainKind == 0)
    #expect(try db.prepare("EXPLAIN SELECT 1").explainKind == 1)
    #expect(try db.prepare("EXPLAIN QUERY PLAN SELECT 1").explainKind == 2)
    let statement = try db.prepare("SELECT 1 UNION ALL SELECT 2")
    #expect(statement.isBusy == false)
    #expect(try statement.step())
    #expect(statement.isBusy)
    statement.reset()
    #expect(statement.isBusy == false)
  }

  @Test("expands bound parameters into its SQL")
  func expandedSQL() throws {
    let statement = try Connection().prepare("SELECT ?, :name, ?")
    try statement.bind([42, "O'Hara", nil])
    #expect(statement.sql == "SELECT ?, :name, ?")
    #expect(statement.expandedSQL == "SELECT 42, 'O''Hara', NULL")
  }

  @Test("reads columns through the typed accessors, SQLite converting storage classes")
  func typedAccessors() throws {
    let statement = try Connection().prepare("SELECT 7, 2.5, 'text', x'0102', NULL, '12'")
    #expect(try statement.step())
    #expect(statement.storageClass(at: 0) == .integer)
    #expect(statement.storageClass(at: 3) == .blob)
    #expect(statement.storageClass(at: 4) == .null)
    #expect(statement.double(at: 0) == 7)
    #expect(statement.int64(at: 1) == 2)
    #expect(statement.string(at: 2) == "text")
    #expect(statement.string(at: 4) == "")
    #expect(statement.int64(at: 5) == 12)
    #expect(statement.withUnsafeBlob(at: 3) { Array($0) } == [1, 2])
    #expect(statement.withUnsafeText(at: 0) { Array($0) } == Array("7".utf8))
    #expect(statement.row().values == [7, 2.5, "text", .blob([1, 2]), nil, "12"])
  }

  @Test("counts virtual-machine steps")
  func virtualMachineSteps() throws {
    let statement = try Connection().prepare(TestSQL.counting(to: 100, select: "count(*)"))
    #expect(statement.virtualMachineSteps == 0)
    try statement.run()
    #expect(statement.virtualMachineSteps > 100)
  }

  @Test("closing the connection with a statement mid-step succeeds; the statement then throws")
  func closeWithOpenStatement() throws {
    let db = try Connection()
    let sql = TestSQL.counting(to: 10)
    let statement = try db.prepare(sql)
    #expect(try statement.step())
    try db.close()
    #expect(db.isClosed)
    let error = try #require(throws: SQLiteError.self) { try statement.step() }
    #expect(error.code == .misuse)
    #expect(error.sql == sql)
    #expect(throws: SQLiteError.self) { try statement.bind([1]) }
    #expect(throws: SQLiteError.self) { try statement.bind(1, at: 1) }
    #expect(throws: SQLiteError.self) { try statement.bind(1, named: "a") }
    statement.reset()
    statement.clearBindings()
    #expect(statement.sql == sql, "the SQL text stays readable")
  }

  @Test("a statement may outlive its connection object")
  func outlivesConnection() throws {
    var statement: Statement?
    do {
      let db = try Connection()
      statement = try db.prepare("SELECT 'still here'")
    }
    let outliving = try #require(statement)
    #expect(try outliving.step())
    #expect(outliving.string(at: 0) == "still here")
  }

  @Test("a column index out of range in value(at:) traps")
  func valueIndexOutOfRangeTraps() async {
    await #expect(processExitsWith: .failure) {
      let statement = try Connection().prepare("SELECT 1")
      _ = try statement.step()
      _ = statement.value(at: 1)
    }
  }

  @Test("reading a column after the connection closed traps instead of reading freed memory")
  func readAfterCloseTraps() async {
    await #expect(processExitsWith: .failure) {
      let db = try Connection()
      let statement = try db.prepare("SELECT 1")
      _ = try statement.step()
      try db.close()
      _ = statement.int64(at: 0)
    }
  }
}
