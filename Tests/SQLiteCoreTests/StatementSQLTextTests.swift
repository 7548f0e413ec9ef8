import SQLiteCore
import Testing

@Suite("Statement SQL text")
struct StatementSQLTextTests {
  @Test("lends the statement's own text, as sql returns it, for one statement of several")
  func lendsText() throws {
    let db = try Connection()
    var statements = db.statements(in: "  SELECT 1;\n  BEGIN /* x */;")
    let first = try #require(try statements.next())
    #expect(first.withSQLText { String(cString: $0) } == first.sql)
    let second = try #require(try statements.next())
    #expect(second.withSQLText { String(cString: $0) } == "BEGIN /* x */;")
  }
}
