import SQLiteCore
import SQLiteShell
import Testing

@Suite("CompletionEngine")
struct CompletionEngineTests {
  let connection: Connection
  let engine = CompletionEngine(dotCommandNames: [
    "headers", "help", "mode", "open", "parameter", "quit", "read", "schema",
  ])

  init() throws {
    connection = try Connection(path: ":memory:")
    try connection.execute(
      """
      CREATE TABLE people(id INTEGER PRIMARY KEY, name TEXT, email TEXT);
      CREATE TABLE pets(id INTEGER, owner_id INTEGER, species TEXT);
      CREATE VIEW people_names AS SELECT name FROM people;
      """)
  }

  func candidates(_ line: String, cursor: Int? = nil, pending: String = "") -> [String] {
    engine.complete(line: line, cursor: cursor, pending: pending, connection: connection)
      .candidates
  }

  @Test("offers tables and views after FROM")
  func tablesAfterFrom() {
    #expect(candidates("SELECT * FROM pe") == ["people", "people_names", "pets"])
    #expect(candidates("select * from peo") == ["people", "people_names"])
  }

  @Test("offers tables after JOIN, INTO, UPDATE and TABLE")
  func tablesAfterOtherIntroducers() {
    #expect(candidates("SELECT * FROM people JOIN pe").contains("pets"))
    #expect(candidates("INSERT INTO pet") == ["pets"])
    #expect(candidates("UPDATE pet") == ["pets"])
    #expect(candidates("DROP TABLE pet") == ["pets"])
  }

  @Test("offers tables after a comma in a FROM list but columns after a comma in SELECT")
  func commaContext() {
    #expect(candidates("SELECT * FROM people, pe") == ["people", "people_names", "pets"])
    #expect(candidates("SELECT name, em", pending: "") == [])
    let line = "SELECT name, em FROM people"
    #expect(candidates(line, cursor: 15) == ["email"])
  }

  @Test("offers the columns of an aliased table after alias dot, even with FROM after the cursor")
  func aliasColumns() {
    let line = "SELECT t. FROM people t"
    #expect(candidates(line, cursor: 9) == ["t.id", "t.name", "t.email"])
    let withAs = "SELECT p.sp FROM pets AS p"
    #expect(candidates(withAs, cursor: 11) == ["p.species"])
  }

  @Test("offers columns after a table name and a dot")
  func tableDotColumns() {
    #expect(candidates("SELECT people.na") == ["people.name"])
  }

  @Test("offers columns of the statement's tables before keywords")
  func columnsThenKeywords() {
    let found = candidates("SELECT na", cursor: 9, pending: "")
    #expect(found.isEmpty || !found.contains("name"))
    let line = "SELECT s FROM pets"
    let result = candidates(line, cursor: 8)
    #expect(result.first == "species")
    #expect(result.contains("select"))
    #expect(result.contains("substr("))
  }

  @Test("matches the case of the typed keyword")
  func keywordCase() {
    #expect(candidates("sel") == ["select"])
    #expect(candidates("SEL") == ["SELECT"])
  }

  @Test("reads the tables of earlier lines of a multi-line statement")
  func pendingLines() {
    let result = candidates("WHERE ow", pending: "SELECT *\nFROM pets")
    #expect(result.first == "owner_id")
  }

  @Test("refreshes the schema after DDL")
  func refreshAfterDDL() throws {
    #expect(candidates("SELECT * FROM orde") == [])
    try connection.execute("CREATE TABLE orders(id, total)")
    #expect(candidates("SELECT * FROM orde") == ["orders"])
    #expect(candidates("SELECT to", pending: "").contains("total") == false)
    #expect(candidates("SELECT o.to FROM orders o", cursor: 11) == ["o.total"])
    try connection.execute("DROP TABLE orders")
    #expect(candidates("SELECT * FROM orde") == [])
  }

  @Test("quotes names that are not plain identifiers")
  func quoting() throws {
    try connection.execute("CREATE TABLE \"order items\"(\"unit price\")")
    #expect(candidates("SELECT * FROM ord") == ["\"order items\""])
  }

  @Test("offers attached schemas and their tables")
  func attachedSchemas() throws {
    try connection.execute("ATTACH ':memory:' AS aux; CREATE TABLE aux.logs(line)")
    #expect(candidates("SELECT * FROM au") == ["aux"])
    #expect(candidates("SELECT * FROM aux.l") == ["aux.logs"])
  }

  @Test("offers parameter names from the parameter source")
  func parameterNames() throws {
    engine.parameterNames = { _ in [":limit", "@who"] }
    #expect(candidates("SELECT * FROM people LIMIT :li") == [":limit"])
    #expect(candidates(".parameter unset :") == [":limit"])
    #expect(candidates("SELECT ?") == [])
  }

  @Test("never fails without a parameter table")
  func noParameterTable() {
    #expect(candidates("SELECT :x") == [])
  }
}
