import SQLiteCore
import Testing

@Suite("RowDecoder")
struct RowDecoderTests {
  private enum Kind: String, Decodable { case admin, guest }
  private enum Level: Int, Decodable {
    case low = 1
    case high = 2
  }

  private struct User: Decodable, Equatable {
    var id: Int
    var name: String
    var age: Int?
    var kind: Kind
    var level: Level
    var score: Double
    var isActive: Bool
    var avatar: [UInt8]
  }

  private func makeDatabase() throws -> Connection {
    let db = try Connection()
    try db.execute(
      """
      CREATE TABLE user(id INTEGER PRIMARY KEY, name TEXT, age INT, kind TEXT, level INT,
                        score REAL, isActive INT, avatar BLOB);
      INSERT INTO user VALUES (1, 'Ada', 36, 'admin', 2, 9.5, 1, x'0102');
      INSERT INTO user VALUES (2, 'Bob', NULL, 'guest', 1, 7, 0, x'');
      """)
    return db
  }

  @Test("decodes rows into a struct, including optionals, enums with raw values and blobs")
  func decodes() throws {
    let db = try makeDatabase()
    let users = try db.query(User.self, "SELECT * FROM user ORDER BY id")
    #expect(
      users == [
        User(
          id: 1, name: "Ada", age: 36, kind: .admin, level: .high, score: 9.5, isActive: true,
          avatar: [1, 2]),
        User(
          id: 2, name: "Bob", age: nil, kind: .guest, level: .low, score: 7, isActive: false,
          avatar: []),
      ])
  }

  @Test("binds parameters and matches column names without regard to case")
  func parametersAndCase() throws {
    struct Named: Decodable {
      var id: Int
      var name: String
    }
    let db = try makeDatabase()
    let rows = try db.query(Named.self, "SELECT ID, NAME FROM user WHERE id > :min", ["min": 1])
    #expect(rows.map(\.name) == ["Bob"])
  }

  @Test("an optional property whose column is missing decodes as nil")
  func missingOptionalColumn() throws {
    struct Partial: Decodable {
      var id: Int
      var age: Int?
    }
    let rows = try makeDatabase().query(Partial.self, "SELECT id FROM user ORDER BY id")
    #expect(rows.map(\.id) == [1, 2])
    #expect(rows.allSatisfy { $0.age == nil })
  }

  @Test("a missing column is an error naming it and the columns there are")
  func missingColumn() throws {
    let db = try makeDatabase()
    let error = try #require(throws: SQLiteError.self) {
      try db.query(User.self, "SELECT id, name FROM user")
    }
    #expect(error.message.contains("no column named \"kind\""), "age is optional: nil")
    #expect(error.message.contains("id, name"))
  }

  @Test(
    "a mistyped column is a mismatch error naming the column and both types",
    arguments: [
      ("SELECT 'x' AS id, 'Ada' AS name", "\"id\"", "TEXT"),
      ("SELECT 1 AS id, 5 AS name", "\"name\"", "INTEGER"),
      ("SELECT 1.5 AS id, 'Ada' AS name", "\"id\"", "REAL"),
      ("SELECT NULL AS id, 'Ada' AS name", "\"id\"", "NULL"),
    ])
  func mistypedColumn(sql: String, column: String, storageClass: String) throws {
    struct Named: Decodable {
      var id: Int
      var name: String
    }
    let error = try #require(throws: SQLiteError.self) {
      try Connection().query(Named.self, sql)
    }
    #expect(error.code == .mismatch)
    #expect(error.message.contains(column))
    #expect(error.message.contains(storageClass))
  }

  @Test("an unknown enum raw value is a mismatch error naming the column")
  func unknownRawValue() throws {
    struct WithKind: Decodable { var kind: Kind }
    let error = try #require(throws: SQLiteError.self) {
      try Connection().query(WithKind.self, "SELECT 'root' AS kind")
    }
    #expect(error.code == .mismatch)
    #expect(error.message.contains("\"kind\""))
    #expect(error.message.contains("'root'"))
  }

  @Test("an integer too wide for the property is a mismatch error")
  func narrowInteger() throws {
    struct Small: Decodable { var n: Int8 }
    #expect(try Connection().query(Small.self, "SELECT 127 AS n").first?.n == 127)
    let error = try #require(throws: SQLiteError.self) {
      try Connection().query(Small.self, "SELECT 128 AS n")
    }
    #expect(error.code == .mismatch)
    #expect(error.message.contains("\"n\""))
  }

  @Test("a single-column result decodes into a plain value type")
  func singleValue() throws {
    let db = try makeDatabase()
    #expect(try db.query(String.self, "SELECT name FROM user ORDER BY id") == ["Ada", "Bob"])
    #expect(try db.query(Kind.self, "SELECT kind FROM user ORDER BY id") == [.admin, .guest])
    #expect(try db.query(Int?.self, "SELECT age FROM user ORDER BY id") == [36, nil])
    let error = try #require(throws: SQLiteError.self) {
      try db.query(String.self, "SELECT name, age FROM user")
    }
    #expect(error.message.contains("one-column"))
  }

  @Test("a Value property takes the column exactly as stored, NULL and blobs included")
  func valueProperty() throws {
    struct Loose: Decodable, Equatable {
      var key: String
      var payload: Value
      var maybe: Value?
    }
    let rows = try Connection().query(
      Loose.self,
      """
      SELECT 'a' AS key, 1 AS payload, NULL AS maybe UNION ALL SELECT 'b', 2.5, 'x'
      UNION ALL SELECT 'c', x'00ff', x'' UNION ALL SELECT 'd', NULL, 7
      """)
    #expect(
      rows == [
        Loose(key: "a", payload: 1, maybe: nil), Loose(key: "b", payload: 2.5, maybe: "x"),
        Loose(key: "c", payload: .blob([0, 255]), maybe: .blob([])),
        Loose(key: "d", payload: .null, maybe: 7),
      ])
    #expect(try Connection().query(Value.self, "SELECT x'01'") == [.blob([1])])
  }

  @Test("nested objects and arrays are refused with a clear error")
  func nested() throws {
    struct Inner: Decodable { var a: Int }
    struct Outer: Decodable { var inner: Inner }
    struct Listing: Decodable { var list: [Int] }
    let db = try Connection()
    let nestedError = try #require(throws: SQLiteError.self) {
      try db.query(Outer.self, "SELECT 1 AS inner")
    }
    #expect(nestedError.message.contains("\"inner\""))
    let arrayError = try #require(throws: SQLiteError.self) {
      try db.query(Listing.self, "SELECT 1 AS list")
    }
    #expect(arrayError.message.contains("\"list\""))
  }
}
