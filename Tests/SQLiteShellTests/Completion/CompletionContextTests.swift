import SQLiteCore
import SQLiteShell
import Testing

@Suite("Completion in context")
struct CompletionContextTests {
  let connection: Connection
  let engine = CompletionEngine(dotCommandNames: ["headers", "mode"])

  init() throws {
    connection = try Connection(path: ":memory:")
    try connection.execute(
      """
      CREATE TABLE people(id INTEGER PRIMARY KEY, name TEXT, email TEXT);
      CREATE TABLE pets(id INTEGER, owner_id INTEGER, species TEXT);
      """)
  }

  func candidates(_ line: String, cursor: Int? = nil, pending: String = "") -> [String] {
    engine.complete(line: line, cursor: cursor, pending: pending, connection: connection)
      .candidates
  }

  @Test("offers nothing inside a string literal or a comment, so nothing in it is rewritten")
  func insideLiterals() {
    #expect(candidates("SELECT 'peo") == [])
    #expect(candidates("SELECT 'it''s sel") == [])
    #expect(candidates("SELECT x'ab") == [])
    #expect(candidates("sel", pending: "SELECT 'first line") == [])
    #expect(candidates("SELECT 1 -- sel") == [])
    #expect(candidates("SELECT /* peo") == [])
    #expect(candidates("SELECT 'peo'  FROM peo", cursor: 10) == [])
  }

  @Test("offers names again once the literal or comment is closed")
  func afterLiterals() {
    #expect(candidates("SELECT 'a;b' FROM peo") == ["people"])
    #expect(candidates("SELECT /* x */ * FROM peo") == ["people"])
    #expect(candidates("FROM peo", pending: "SELECT 'a\nb' -- c") == ["people"])
  }

  @Test("offers the target table's columns after INSERT INTO t (")
  func insertColumns() {
    #expect(candidates("INSERT INTO people (") == ["id", "name", "email"])
    #expect(candidates("INSERT INTO people (id, na") == ["name"])
    #expect(candidates("INSERT INTO main.pets(own") == ["owner_id"])
  }

  @Test("offers only the aliases and their columns after JOIN … ON, keywords once a word begins")
  func joinOn() {
    #expect(
      candidates("SELECT * FROM people p JOIN pets AS q ON ") == [
        "p", "q", "p.id", "p.name", "p.email", "q.id", "q.owner_id", "q.species",
      ])
    #expect(
      candidates("SELECT * FROM people JOIN pets ON ") == [
        "people", "pets", "people.id", "people.name", "people.email", "pets.id",
        "pets.owner_id", "pets.species",
      ])
    let begun = candidates("SELECT * FROM people p JOIN pets q ON p.id = q.id AND p")
    #expect(Array(begun.prefix(4)) == ["p", "p.id", "p.name", "p.email"])
    #expect(begun.contains("PRAGMA") == false && begun.contains("printf("))
    #expect(candidates("SELECT * FROM people p JOIN pets q ON q.ow") == ["q.owner_id"])
    #expect(candidates("SELECT * FROM people p JOIN pets q ON p.id = q.own").first == "q.owner_id")
  }

  @Test("offers the joined tables' columns after USING (")
  func joinUsing() {
    #expect(
      candidates("SELECT * FROM people JOIN pets USING (") == [
        "id", "name", "email", "owner_id", "species",
      ])
    #expect(candidates("SELECT * FROM people JOIN pets USING (i") == ["id"])
  }

  @Test("offers the select list's table columns first, and only them for an empty word")
  func selectList() {
    #expect(candidates("SELECT  FROM pets", cursor: 7) == ["id", "owner_id", "species"])
    #expect(
      candidates("SELECT id,  FROM pets p", cursor: 11) == ["id", "owner_id", "species", "p"])
    #expect(candidates("SELECT ").contains("pets"))  // no table yet: everything, as before
    let begun = candidates("SELECT s FROM pets", cursor: 8)
    #expect(begun.first == "species")
    #expect(begun.contains("select") && begun.contains("sum(") && !begun.contains("people"))
  }

  @Test("offers only the target table's columns after UPDATE … SET and a comma in its list")
  func updateSet() throws {
    try connection.execute("CREATE TABLE wide(a, b, bigness)")
    #expect(candidates("UPDATE pets SET ") == ["id", "owner_id", "species"])
    #expect(candidates("UPDATE wide SET b") == ["b", "bigness"])
    #expect(candidates("UPDATE OR REPLACE wide AS w SET a = 1, b") == ["b", "bigness"])
    #expect(
      candidates("INSERT INTO wide(a) VALUES (1) ON CONFLICT DO UPDATE SET b") == [
        "b", "bigness",
      ])
    #expect(candidates("UPDATE wide SET (a, b") == ["b", "bigness"])
    #expect(candidates("INSERT INTO wide(a) VALUES (1) ON CONFLICT (") == ["a", "b", "bigness"])
    // The value is an expression again: functions, keywords, other columns.
    let value = candidates("UPDATE wide SET a = b")
    #expect(value.contains("b") && value.contains("between") && value.contains("bigness"))
  }

  @Test("offers pragma names after PRAGMA, and tables inside table_info(")
  func pragmas() {
    #expect(candidates("PRAGMA table_in") == ["table_info"])
    #expect(candidates("pragma main.table_x") == ["main.table_xinfo"])
    #expect(candidates("PRAGMA table_info(pe") == ["people", "pets"])
  }
}
