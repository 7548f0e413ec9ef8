import SQLiteCore
import Testing

@Suite("Connection+Statements")
struct ConnectionStatementsTests {
  @Test(
    "a syntax error carries the byte offset of the offending token",
    arguments: [
      ("SELECT nosuch FROM sqlite_schema", 7),
      ("SELEC 1", 0),
      ("SELECT 1 FORM t", 14),  // FORM is taken as the alias of 1: the error is at t
      ("SELECT 'é' + nosuch", 14),
    ])
  func errorOffset(sql: String, offset: Int) throws {
    let db = try Connection()
    let error = try #require(throws: SQLiteError.self) { try db.prepare(sql) }
    #expect(error.code == .error)
    #expect(error.offset == offset)
    #expect(error.sql == sql)
  }

  @Test("an error SQLite cannot place has no offset")
  func errorWithoutOffset() throws {
    let db = try Connection()
    let error = try #require(throws: SQLiteError.self) { try db.prepare("SELECT * FROM nosuch") }
    #expect(error.message == "no such table: nosuch")
    #expect(error.offset == nil)
  }

  @Test("prepare refuses text with no statement or with more than one")
  func prepareExactlyOne() throws {
    let db = try Connection()
    for sql in ["", "   ", "-- only a comment", ";"] {
      let error = try #require(throws: SQLiteError.self) { try db.prepare(sql) }
      #expect(error.code == .misuse, "\(sql)")
    }
    let error = try #require(throws: SQLiteError.self) { try db.prepare("SELECT 1; SELECT 2") }
    #expect(error.code == .misuse)
    #expect(error.message.contains("more than one statement"))
    #expect(try db.prepare("SELECT 1;  -- trailing comment\n").sql == "SELECT 1;")
  }

  @Test("execute stops at the failing statement and names it in the error")
  func executeStopsAtFailure() throws {
    let db = try Connection()
    let script = """
      CREATE TABLE t(a UNIQUE);
      INSERT INTO t VALUES (1);
      INSERT INTO t VALUES (1);
      INSERT INTO t VALUES (3);
      """
    let error = try #require(throws: SQLiteError.self) { try db.execute(script) }
    #expect(error.code == .constraintUnique)
    #expect(ResultCode.constraint ~= error.code)
    #expect(error.message == "UNIQUE constraint failed: t.a")
    #expect(error.sql == "INSERT INTO t VALUES (1);")
    #expect(try db.query("SELECT a FROM t").map { $0[0] } == [1], "earlier ones ran, later not")
  }

  @Test("execute stops at a statement that fails to prepare, with an offset in that statement")
  func executeStopsAtSyntaxError() throws {
    let db = try Connection()
    let error = try #require(throws: SQLiteError.self) {
      try db.execute(
        "CREATE TABLE t(a); INSERT INTO t VALUES (1); SELEC 2; INSERT INTO t VALUES (3)")
    }
    #expect(error.message.contains("syntax error"))
    let sql = try #require(error.sql)
    #expect(sql == "SELEC 2; INSERT INTO t VALUES (3)", "the failing statement starts the SQL")
    #expect(error.offset == 0, "the offset counts from the start of error.sql")
    #expect(try db.scalar("SELECT count(*) FROM t", as: Int.self) == 1)
  }

  @Test("execute runs statements that return rows, and skips blank text and comments")
  func executeDiscardsRows() throws {
    let db = try Connection()
    try db.execute("")
    try db.execute("  -- nothing\n/* still nothing */ ; ;")
    try db.execute("CREATE TABLE t(a); SELECT * FROM t; INSERT INTO t VALUES (1); -- end")
    #expect(try db.scalar("SELECT count(*) FROM t", as: Int.self) == 1)
  }

  @Test("the statement iterator prepares one statement at a time and moves its offset")
  func iterator() throws {
    let db = try Connection()
    let sql = "SELECT 1; SELECT 'é';\n  \n"
    var iterator = db.statements(in: sql)
    let first = try #require(try iterator.next())
    #expect(first.sql == "SELECT 1;")
    #expect(iterator.offset == 9)
    #expect(iterator.remainingText == " SELECT 'é';\n  \n")
    #expect(!iterator.remainingIsEmpty)
    let second = try #require(try iterator.next())
    #expect(second.sql == "SELECT 'é';")
    #expect(iterator.remainingIsEmpty)
    #expect(try iterator.next() == nil)
    #expect(iterator.offset == sql.utf8.count)
  }

  @Test("statements from the iterator depend on earlier ones having run")
  func iteratorInterleavesWithRunning() throws {
    let db = try Connection()
    var iterator = db.statements(in: "CREATE TABLE t(a); INSERT INTO t VALUES (7)")
    try #require(try iterator.next()).run()
    try #require(try iterator.next()).run()
    #expect(try db.scalar("SELECT a FROM t", as: Int.self) == 7)
  }
}
