import SQLiteCore
import Testing

@testable import SQLiteShell

@Suite("StatementRouter")
struct StatementRouterTests {
  private func destination(
    _ sql: String, isReadOnly: Bool = true, explainKind: Int = 0, parameters: Int = 0,
    transaction: Bool = false, diagnostics: Bool = false, sessionState: Bool = false
  ) -> StatementRouter.Destination {
    let facts = StatementRouter.Facts(
      sql: sql, isReadOnly: isReadOnly, explainKind: explainKind, parameterCount: parameters,
      isInsideTransaction: transaction, hasDiagnostics: diagnostics)
    return StatementRouter.destination(of: facts) { sessionState }
  }

  @Test(
    "plain queries go to a reader",
    arguments: [
      "SELECT * FROM t", "  select 1", "WITH x AS (SELECT 1) SELECT * FROM x", "VALUES (1),(2)",
      "-- a comment\nSELECT 1", "/* block */ SELECT 1",
    ])
  func queriesGoToReaders(_ sql: String) {
    #expect(destination(sql) == .reader)
  }

  @Test("every reason keeps a statement on the writer")
  func reasons() {
    #expect(destination("INSERT INTO t VALUES(1)", isReadOnly: false) == .writer(.notReadOnly))
    #expect(destination("EXPLAIN SELECT 1", explainKind: 1) == .writer(.explain))
    #expect(destination("ATTACH 'x.db' AS x") == .writer(.notAQuery))
    #expect(destination("BEGIN") == .writer(.notAQuery))
    #expect(destination("PRAGMA table_info(t)") == .writer(.notAQuery))
    #expect(destination("SELECT 1", transaction: true) == .writer(.insideTransaction))
    #expect(destination("SELECT :a", parameters: 1) == .writer(.boundParameters))
    #expect(destination("SELECT 1", diagnostics: true) == .writer(.shellDiagnostics))
    #expect(destination("SELECT last_insert_rowid()") == .writer(.connectionState))
    #expect(destination("SELECT changes(), total_changes()") == .writer(.connectionState))
    #expect(destination("SELECT load_extension('x')") == .writer(.connectionState))
    #expect(destination("SELECT * FROM temp.t") == .writer(.connectionState))
    #expect(destination("SELECT * FROM sqlite_temp_master") == .writer(.connectionState))
    #expect(destination("SELECT 1", sessionState: true) == .writer(.sessionState))
  }

  @Test("the session state is asked only when every cheaper check passed")
  func sessionStateAskedLast() {
    var asked = 0
    let facts = StatementRouter.Facts(sql: "INSERT INTO t VALUES(1)", isReadOnly: false)
    _ = StatementRouter.destination(of: facts) {
      asked += 1
      return false
    }
    #expect(asked == 0)
  }

  @Test("a real statement is routed from its prepared facts")
  func preparedStatement() throws {
    let connection = try Connection()
    try connection.execute("CREATE TABLE t(a)")
    func route(_ sql: String) throws -> StatementRouter.Destination {
      let statement = try connection.prepare(sql)
      return StatementRouter.destination(
        of: statement, on: connection, hasDiagnostics: false, hasSessionState: { false })
    }
    #expect(try route("SELECT a FROM t") == .reader)
    #expect(try route("SELECT a FROM t WHERE a = ?") == .writer(.boundParameters))
    #expect(try route("DELETE FROM t") == .writer(.notReadOnly))
    #expect(try route("EXPLAIN QUERY PLAN SELECT a FROM t") == .writer(.explain))
    try connection.execute("BEGIN")
    #expect(try route("SELECT a FROM t") == .writer(.insideTransaction))
    try connection.execute("COMMIT")
  }

  @Test("the first keyword skips white space and comments")
  func firstKeyword() {
    #expect(StatementRouter.firstKeyword(of: " \n\tselect 1") == "SELECT")
    #expect(StatementRouter.firstKeyword(of: "-- x\n/* y */ WITH a AS (SELECT 1)") == "WITH")
    #expect(StatementRouter.firstKeyword(of: "pragma x") == "PRAGMA")
    #expect(StatementRouter.firstKeyword(of: "/* unterminated") == "")
  }
}

extension StatementRouterTests {
  @Test("connection-state names are found in any letter case, and only whole spellings")
  func connectionStateNames() {
    #expect(StatementRouter.namesConnectionState("SELECT LAST_INSERT_ROWID()"))
    #expect(StatementRouter.namesConnectionState("select Total_Changes()"))
    #expect(StatementRouter.namesConnectionState("SELECT * FROM sqlite_temp_master"))
    #expect(!StatementRouter.namesConnectionState("SELECT last_insert_row FROM t"))
    #expect(!StatementRouter.namesConnectionState("SELECT chang"))
    #expect(!StatementRouter.namesConnectionState(""))
  }
}

extension StatementRouterTests {
  @Test("a keyword is matched in any letter case, and only as a whole word")
  func beginsWithKeyword() {
    #expect(StatementRouter.begins("  pragma x", with: "PRAGMA"))
    #expect(StatementRouter.begins("/* c */ Select 1", with: "SELECT"))
    #expect(!StatementRouter.begins("SELECTED", with: "SELECT"))
    #expect(!StatementRouter.begins("SEL", with: "SELECT"))
    #expect(!StatementRouter.begins("", with: "WITH"))
  }
}

extension StatementRouterTests {
  @Test("a prepared statement's first keyword is read from SQLite's text")
  func beginsPreparedStatement() throws {
    let connection = try Connection()
    #expect(
      StatementRouter.begins(
        try connection.prepare("  /* x */ pragma user_version"), with: "PRAGMA"))
    #expect(!StatementRouter.begins(try connection.prepare("SELECT 1"), with: "PRAGMA"))
  }
}
