import SQLiteCore
import Testing

@Suite("Statement binding without boxing")
struct StatementDirectBindingTests {
  private func makeDatabase() throws -> Connection {
    let db = try Connection(path: ":memory:")
    try db.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b REAL, c TEXT, d BLOB)")
    return db
  }

  @Test("variadic bind binds each value in order, nil as NULL")
  func variadicBind() throws {
    let db = try makeDatabase()
    let insert = try db.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?)")
    let missing: String? = nil
    try insert.bind(Int64(1), 2, 2.5, missing, [UInt8]([1, 2]))
    try insert.run()
    let row = try #require(try db.query("SELECT * FROM t").first)
    #expect(row.values == [.integer(1), .integer(2), .real(2.5), .null, .blob([1, 2])])
  }

  @Test("variadic bind refuses the wrong number of values before binding any")
  func variadicBindCount() throws {
    let db = try makeDatabase()
    let insert = try db.prepare("INSERT INTO t(id, a) VALUES (?, ?)")
    let error = #expect(throws: SQLiteError.self) { try insert.bind(1, 2, 3) }
    #expect(error?.code == .misuse)
  }

  @Test("variadic execute runs a cached statement with the values bound")
  func variadicExecute() throws {
    let db = try makeDatabase()
    for id in 1...3 {
      try db.execute("INSERT INTO t(id, a, c) VALUES (?, ?, ?)", id, id * 10, "row \(id)")
    }
    #expect(db.isStatementCached("INSERT INTO t(id, a, c) VALUES (?, ?, ?)"))
    #expect(try db.scalar("SELECT sum(a) FROM t", as: Int.self) == 60)
    #expect(try db.scalar("SELECT c FROM t WHERE id = 2", as: String.self) == "row 2")
  }

  @Test("array literals still bind as Parameters next to the variadic overloads")
  func arrayLiteralsStillWork() throws {
    let db = try makeDatabase()
    try db.execute("INSERT INTO t(id, a) VALUES (?, ?)", [1, 2])
    let lookup = try db.prepare("SELECT a FROM t WHERE id = ?")
    try lookup.bind([1])
    #expect(try lookup.step())
    #expect(lookup.int64(at: 0) == 2)
  }

  @Test("a cached statement comes back reset and cleared after a partial step")
  func cachedStatementReset() throws {
    let db = try makeDatabase()
    try db.execute("INSERT INTO t(id, a) VALUES (1, 1), (2, 2)")
    let sql = "SELECT a FROM t WHERE id >= ? ORDER BY id"
    let first = try db.cachedStatement(sql)
    try first.bind(1)
    #expect(try first.step())
    let again = try db.cachedStatement(sql)
    #expect(again === first)
    #expect(!again.isBusy)
    #expect(try !again.step())  // id >= NULL matches nothing: the binding was cleared
  }

  @Test("the statement cache evicts the least recently used statement")
  func cacheEviction() throws {
    let db = try Connection(path: ":memory:", options: OpenOptions(statementCacheCapacity: 2))
    _ = try db.cachedStatement("SELECT 1")
    _ = try db.cachedStatement("SELECT 2")
    _ = try db.cachedStatement("SELECT 1")
    _ = try db.cachedStatement("SELECT 3")
    #expect(db.isStatementCached("SELECT 1"))
    #expect(!db.isStatementCached("SELECT 2"))
    #expect(db.isStatementCached("SELECT 3"))
    #expect(db.cachedStatementCount == 2)
  }
}
