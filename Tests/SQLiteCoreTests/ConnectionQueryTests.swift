import SQLiteCore
import Testing

@Suite("Connection+Query")
struct ConnectionQueryTests {
  private struct Stop: Error {}

  private func makeDatabase() throws -> Connection {
    let db = try Connection()
    try db.execute(
      "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t(name) VALUES ('a'), ('b'), ('c')"
    )
    return db
  }

  @Test("query returns every row with its columns")
  func query() throws {
    let db = try makeDatabase()
    let rows = try db.query("SELECT id, name FROM t WHERE id >= ? ORDER BY id", [2])
    #expect(rows.map(\.values) == [[2, "b"], [3, "c"]])
    #expect(rows.first?.columns.names == ["id", "name"])
    #expect(try db.query("SELECT * FROM t WHERE 0").isEmpty)
    #expect(try db.query("CREATE TABLE u(a)").isEmpty)
  }

  @Test("forEachRow hands rows over one at a time, in order")
  func forEachRow() throws {
    let db = try makeDatabase()
    var names: [Value] = []
    try db.forEachRow("SELECT name FROM t ORDER BY id DESC") { row in names.append(row[0]) }
    #expect(names == ["c", "b", "a"])
  }

  @Test("an error thrown from forEachRow's body stops the query and leaves no read open")
  func forEachRowStops() throws {
    let db = try makeDatabase()
    var seen = 0
    #expect(throws: Stop.self) {
      try db.forEachRow(TestSQL.counting(to: 1_000_000)) { _ in
        seen += 1
        if seen == 2 { throw Stop() }
      }
    }
    #expect(seen == 2)
    let statement = try db.cachedStatement(TestSQL.counting(to: 1_000_000))
    #expect(!statement.isBusy, "the statement was reset")
    try db.execute("BEGIN EXCLUSIVE; COMMIT")
  }

  @Test("closing the connection inside forEachRow ends the loop with a misuse error")
  func closeInsideLoop() throws {
    let db = try makeDatabase()
    var seen = 0
    let error = try #require(throws: SQLiteError.self) {
      try db.forEachRow("SELECT id FROM t") { _ in
        seen += 1
        try db.close()
      }
    }
    #expect(error.code == .misuse)
    #expect(seen == 1)
    #expect(db.isClosed)
  }

  @Test("withStatement gives the bound statement and returns the body's result")
  func withStatement() throws {
    let db = try makeDatabase()
    let total = try db.withStatement("SELECT id FROM t WHERE name <> :skip", ["skip": "b"]) {
      statement in
      var sum: Int64 = 0
      while try statement.step() { sum += statement.int64(at: 0) }
      return sum
    }
    #expect(total == 4)
  }

  @Test("scalar is nil for no row and for NULL, and converts otherwise")
  func scalar() throws {
    let db = try makeDatabase()
    #expect(try db.scalar("SELECT count(*) FROM t", as: Int.self) == 3)
    #expect(try db.scalar("SELECT name FROM t WHERE id = ?", [9], as: String.self) == nil)
    #expect(try db.scalar("SELECT NULL", as: Int.self) == nil)
    #expect(try db.scalar("CREATE TABLE u(a)", as: Int.self) == nil)
    let name: String? = try db.scalar("SELECT name FROM t WHERE id = 1")
    #expect(name == "a")
  }

  @Test("execute with parameters runs one statement and reports its changes")
  func executeWithParameters() throws {
    let db = try makeDatabase()
    try db.execute("UPDATE t SET name = upper(name) WHERE id < ?", [3])
    #expect(db.changes == 2)
    #expect(try db.query("SELECT name FROM t ORDER BY id").map { $0[0] } == ["A", "B", "c"])
  }

  @Test("a query reads the same cached statement again with new parameters")
  func reusesStatement() throws {
    let db = try makeDatabase()
    let sql = "SELECT name FROM t WHERE id = ?"
    for id in 1...3 {
      #expect(try db.scalar(sql, [id], as: String.self) == ["a", "b", "c"][id - 1])
    }
    #expect(db.cachedStatementCount == 1)
  }

  @Test("a runtime error in query names the statement")
  func runtimeError() throws {
    let db = try makeDatabase()
    let error = try #require(throws: SQLiteError.self) {
      try db.query("INSERT INTO t(id, name) VALUES (1, 'dup') RETURNING id")
    }
    #expect(error.code == .constraintPrimaryKey)
    #expect(error.sql == "INSERT INTO t(id, name) VALUES (1, 'dup') RETURNING id")
  }
}
