import SQLiteCore
import Testing

/// Runs the snippets of the DocC article GettingStarted.md, so the article cannot drift.
@Suite("GettingStarted article")
struct GettingStartedTests {
  private struct User: Decodable {
    var id: Int
    var name: String
    var age: Int?
  }

  private struct Product: AggregateFunction {
    var value: Int64 = 1
    mutating func step(_ arguments: [Value]) throws { value *= Int64.fromSQLite(arguments[0]) ?? 1 }
    func result() throws -> (any ValueConvertible)? { value }
  }

  @Test("the article's snippets run and print what it says")
  func snippets() throws {
    let db = try Connection()
    try db.execute(
      """
      CREATE TABLE user(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, age INT);
      INSERT INTO user(name, age) VALUES ('Ada', 36), ('Grace', 45);
      """)
    #expect([db.lastInsertRowID, Int64(db.changes), Int64(db.totalChanges)] == [2, 2, 2])

    try db.execute("INSERT INTO user(name, age) VALUES (?, ?)", ["Alan", 41])
    try db.execute(
      "INSERT INTO user(name, age) VALUES (:name, :age)", ["name": "Edsger", "age": nil])

    var printed: [String] = []
    for row in try db.query("SELECT name, age FROM user WHERE age > ?", [40]) {
      let name: String = try row.get("name")
      let age = row["age"]
      printed.append("\(name) \(age ?? .null)")
    }
    #expect(printed == ["Grace 45", "Alan 41"])
    var names: [Value] = []
    try db.forEachRow("SELECT name FROM user") { row in names.append(row[0]) }
    #expect(names.count == 4)
    let count: Int? = try db.scalar("SELECT count(*) FROM user")
    #expect(count == 4)

    let users = try db.query(User.self, "SELECT * FROM user ORDER BY id")
    #expect(users.map(\.age) == [36, 45, 41, nil])

    try db.createFunction("shout", argumentCount: 1) { arguments in
      String.fromSQLite(arguments[0]).map { $0.uppercased() + "!" }
    }
    try db.createAggregate("product", argumentCount: 1, Product.self)
    let loud: String? = try db.scalar("SELECT shout(name) FROM user WHERE id = 1")
    #expect(loud == "ADA!")
    #expect(try db.scalar("SELECT product(age) FROM user", as: Int.self) == 36 * 45 * 41)

    var caught = false
    do {
      try db.execute("INSERT INTO user(name) VALUES ('Ada')")
    } catch ResultCode.constraint {
      caught = true
    } catch {
      throw error
    }
    #expect(caught)
    do {
      _ = try db.prepare("SELECT nme FROM user")
    } catch {
      #expect("\(error.message) \(error.offset ?? -1)" == "no such column: nme 7")
    }
  }
}
