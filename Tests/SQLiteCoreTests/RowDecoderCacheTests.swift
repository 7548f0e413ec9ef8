import SQLiteCore
import Testing

@Suite("RowDecoder column cache and streaming")
struct RowDecoderCacheTests {
  struct Item: Decodable, Equatable {
    var id: Int64
    var a: Int
    var b: Double
    var c: String
  }

  struct Noted: Decodable, Equatable {
    var id: Int
    var note: String?
  }

  /// Decodes `c` before `a` on odd ids: the learned key order must not be trusted blindly.
  struct Shifting: Decodable, Equatable {
    var id: Int
    var a: Int
    var c: String

    enum CodingKeys: String, CodingKey { case id, a, c }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(Int.self, forKey: .id)
      if id % 2 == 1 {
        c = try container.decode(String.self, forKey: .c)
        a = try container.decode(Int.self, forKey: .a)
      } else {
        a = try container.decode(Int.self, forKey: .a)
        c = try container.decode(String.self, forKey: .c)
      }
    }
  }

  /// Keys that are not a plain value (a `String` inside): recognised by name on later rows.
  struct NamedKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Decodes through ``NamedKey``.
  struct Named: Decodable, Equatable {
    var id: Int
    var c: String

    init(id: Int, c: String) {
      self.id = id
      self.c = c
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: NamedKey.self)
      id = try container.decode(Int.self, forKey: NamedKey(stringValue: "id"))
      c = try container.decode(String.self, forKey: NamedKey(stringValue: "c"))
    }
  }

  private func makeDatabase() throws -> Connection {
    let db = try Connection(path: ":memory:")
    try db.execute(
      """
      CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b REAL, c TEXT, note TEXT);
      INSERT INTO t VALUES (1, 10, 1.5, 'one', NULL), (2, 20, 2.5, 'two', 'x'),
        (3, 30, 3.5, 'three', NULL), (4, 40, 4.5, 'four', 'y');
      """)
    return db
  }

  @Test("query decodes every row, whatever the column order")
  func decodesEveryRow() throws {
    let db = try makeDatabase()
    let items = try db.query(Item.self, "SELECT c, b, a, id FROM t WHERE id <= 2 ORDER BY id")
    #expect(
      items == [Item(id: 1, a: 10, b: 1.5, c: "one"), Item(id: 2, a: 20, b: 2.5, c: "two")])
  }

  @Test("forEach hands each decoded row to the body in order")
  func forEachStreams() throws {
    let db = try makeDatabase()
    var ids: [Int64] = []
    try db.forEach(Item.self, "SELECT * FROM t WHERE id > ? ORDER BY id", [1]) { item in
      ids.append(item.id)
    }
    #expect(ids == [2, 3, 4])
  }

  @Test("optional fields decode NULL as nil on some rows and values on others")
  func decodesOptionals() throws {
    let db = try makeDatabase()
    let rows = try db.query(Noted.self, "SELECT id, note FROM t ORDER BY id")
    #expect(rows.map(\.note) == [nil, "x", nil, "y"])
  }

  @Test("a key order that changes from row to row still reads the right columns")
  func changingKeyOrder() throws {
    let db = try makeDatabase()
    let rows = try db.query(Shifting.self, "SELECT id, a, c FROM t ORDER BY id")
    #expect(rows.map(\.a) == [10, 20, 30, 40])
    #expect(rows.map(\.c) == ["one", "two", "three", "four"])
  }

  @Test("a missing column fails with an error naming it")
  func missingColumn() throws {
    let db = try makeDatabase()
    let error = #expect(throws: SQLiteError.self) {
      try db.query(Item.self, "SELECT id, a, b FROM t")
    }
    #expect(error?.message.contains("\"c\"") == true)
  }

  @Test("a value of the wrong type fails with a mismatch on later rows too")
  func mismatchOnLaterRow() throws {
    let db = try Connection(path: ":memory:")
    try db.execute(
      "CREATE TABLE t(id, a, b, c); INSERT INTO t VALUES (1, 2, 3.0, 'x'), (2, 'no', 3.0, 'y')")
    var seen = 0
    let error = #expect(throws: SQLiteError.self) {
      try db.forEach(Item.self, "SELECT * FROM t ORDER BY id") { _ in seen += 1 }
    }
    #expect(seen == 1)
    #expect(error?.code == .mismatch)
  }

  @Test("one type decodes from two statements whose columns come in different orders")
  func sameTypeTwoColumnOrders() throws {
    let db = try makeDatabase()
    let forward = "SELECT id, a, b, c FROM t ORDER BY id"
    let backward = "SELECT c, b, a, id FROM t ORDER BY id"
    let expected = [
      Item(id: 1, a: 10, b: 1.5, c: "one"), Item(id: 2, a: 20, b: 2.5, c: "two"),
      Item(id: 3, a: 30, b: 3.5, c: "three"), Item(id: 4, a: 40, b: 4.5, c: "four"),
    ]
    #expect(try db.query(Item.self, forward) == expected)
    #expect(try db.query(Item.self, backward) == expected)
    // Both running at once, one inside the other: each statement keeps its own key order.
    var pairs: [(Item, Item)] = []
    try db.forEach(Item.self, forward) { outer in
      try db.forEach(Item.self, backward + " LIMIT 1") { inner in pairs.append((outer, inner)) }
    }
    #expect(pairs.map(\.0) == expected)
    #expect(pairs.map(\.1) == Array(repeating: expected[0], count: 4))
  }

  @Test("a missing column is still named after the same type decoded another statement")
  func missingColumnAfterSuccess() throws {
    let db = try makeDatabase()
    #expect(try db.query(Item.self, "SELECT * FROM t").count == 4)
    let error = #expect(throws: SQLiteError.self) {
      try db.query(Item.self, "SELECT id, a, c FROM t")
    }
    #expect(error?.message.contains("\"b\"") == true)
    #expect(error?.message.contains("columns: id, a, c") == true)
  }

  @Test("keys that are not plain values find their columns on every row")
  func nonPlainKeys() throws {
    let db = try makeDatabase()
    let rows = try db.query(Named.self, "SELECT c, id FROM t ORDER BY id")
    #expect(
      rows == [
        Named(id: 1, c: "one"), Named(id: 2, c: "two"), Named(id: 3, c: "three"),
        Named(id: 4, c: "four"),
      ])
  }

  @Test("a type error on a later row names the column and its index")
  func typeErrorNamesColumn() throws {
    let db = try Connection(path: ":memory:")
    try db.execute(
      "CREATE TABLE t(id, a, b, c); INSERT INTO t VALUES (1, 2, 3.0, 'x'), (2, 5, NULL, 'y')")
    let error = #expect(throws: SQLiteError.self) {
      try db.query(Item.self, "SELECT c, id, a, b FROM t ORDER BY id")
    }
    #expect(error?.code == .mismatch)
    #expect(error?.message.contains("column \"b\" (index 3)") == true)
    #expect(error?.message.contains("NULL") == true)
  }

  @Test("the statement is reusable after a decoding query")
  func statementReusable() throws {
    let db = try makeDatabase()
    let sql = "SELECT * FROM t ORDER BY id"
    #expect(try db.query(Item.self, sql).count == 4)
    #expect(try db.query(Item.self, sql).count == 4)
  }
}
