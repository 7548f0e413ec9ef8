import SQLiteCore
import Testing

@Suite("StatementCache")
struct StatementCacheTests {
  private func connection(capacity: Int) throws -> Connection {
    let db = try Connection(options: OpenOptions(statementCacheCapacity: capacity))
    try db.execute("CREATE TABLE t(a UNIQUE)")
    return db
  }

  @Test("hands back the same statement object for the same SQL text")
  func reuse() throws {
    let db = try connection(capacity: 4)
    let first = try db.cachedStatement("SELECT 1")
    let second = try db.cachedStatement("SELECT 1")
    #expect(first === second)
    #expect(try db.cachedStatement("SELECT  1") !== first, "the key is the exact text")
    #expect(db.cachedStatementCount == 2)
  }

  @Test("hands a statement back reset, with its bindings cleared")
  func resetOnReuse() throws {
    let db = try connection(capacity: 4)
    let statement = try db.cachedStatement("SELECT ? UNION ALL SELECT 2")
    try statement.bind(7, at: 1)
    #expect(try statement.step())
    let again = try db.cachedStatement("SELECT ? UNION ALL SELECT 2")
    #expect(again === statement)
    #expect(!again.isBusy)
    #expect(try again.step())
    #expect(again.value(at: 0) == .null)
  }

  @Test("evicts the least recently used statement at capacity")
  func leastRecentlyUsedEviction() throws {
    let db = try connection(capacity: 2)
    let first = try db.cachedStatement("SELECT 1")
    _ = try db.cachedStatement("SELECT 2")
    #expect(try db.cachedStatement("SELECT 1") === first, "touching SELECT 1 makes SELECT 2 oldest")
    _ = try db.cachedStatement("SELECT 3")
    #expect(db.cachedStatementCount == 2)
    #expect(db.isStatementCached("SELECT 1"))
    #expect(!db.isStatementCached("SELECT 2"))
    #expect(db.isStatementCached("SELECT 3"))
    #expect(try db.cachedStatement("SELECT 1") === first)
  }

  @Test("a statement whose step failed is dropped and prepared anew")
  func evictionAfterFailure() throws {
    let db = try connection(capacity: 4)
    let sql = "INSERT INTO t VALUES (?)"
    let before = try db.cachedStatement(sql)
    try db.execute(sql, [1])
    #expect(try db.cachedStatement(sql) === before, "a successful run keeps it")
    #expect(throws: SQLiteError.self) { try db.execute(sql, [1]) }
    let after = try db.cachedStatement(sql)
    #expect(after !== before)
    try db.execute(sql, [2])
    #expect(try db.scalar("SELECT count(*) FROM t", as: Int.self) == 2)
  }

  @Test("a query nested inside forEachRow with the same SQL does not disturb the outer one")
  func nestedSameSQL() throws {
    let db = try connection(capacity: 4)
    try db.execute("INSERT INTO t VALUES (1), (2), (3)")
    let sql = "SELECT a FROM t ORDER BY a"
    var pairs: [[Value]] = []
    try db.forEachRow(sql) { outer in
      // Were the outer statement reset by the inner query, it would start over forever.
      try #require(pairs.count < 9, "the outer query restarted")
      for inner in try db.query(sql) { pairs.append([outer[0], inner[0]]) }
      #expect(try db.scalar(sql, as: Int.self) == 1)
    }
    #expect(pairs.count == 9)
    #expect(pairs.first == [1, 1] && pairs.last == [3, 3])
    let outer = try db.cachedStatement(sql)
    try db.withStatement(sql) { statement in
      let inside = try db.cachedStatement(sql)
      #expect(statement === outer, "the cached statement is free again")
      #expect(inside !== outer, "inside, a fresh one")
    }
  }

  @Test("a capacity of zero caches nothing and still runs every query")
  func zeroCapacity() throws {
    let db = try connection(capacity: 0)
    #expect(try db.cachedStatement("SELECT 1") !== db.cachedStatement("SELECT 1"))
    #expect(try db.scalar("SELECT 5", as: Int.self) == 5)
    #expect(db.cachedStatementCount == 0)
  }

  @Test("closing the connection empties the cache")
  func closeEmpties() throws {
    let db = try connection(capacity: 4)
    _ = try db.query("SELECT * FROM t")
    #expect(db.cachedStatementCount == 1)
    try db.close()
    #expect(db.cachedStatementCount == 0)
  }
}
