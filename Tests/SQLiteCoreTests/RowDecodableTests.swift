import SQLiteCore
import Testing

@Suite("RowDecodable records built by column position")
struct RowDecodableTests {
  struct Item: RowDecodable, Equatable {
    var id: Int64
    var score: Double
    var name: String
    var note: String?

    init(id: Int64, score: Double, name: String, note: String?) {
      self.id = id
      self.score = score
      self.name = name
      self.note = note
    }

    init(row: StatementRow) throws {
      id = row.int64(at: 0)
      score = row.double(at: 1)
      name = row.string(at: 2)
      note = row.isNull(at: 3) ? nil : row.string(at: 3)
    }
  }

  /// Both protocols: the positional initializer must win, which the marker proves.
  struct Both: RowDecodable, Decodable, Equatable {
    var id: Int
    var source: String

    init(id: Int, source: String) {
      self.id = id
      self.source = source
    }

    init(row: StatementRow) throws {
      id = try row.get(Int.self, at: 0)
      source = "row"
    }
  }

  /// Reads a column by name and converts it with a check.
  struct Named: RowDecodable {
    var count: Int

    init(row: StatementRow) throws {
      guard let index = row.index(of: "N") else {
        throw SQLiteError(code: .range, message: "no column n")
      }
      count = try row.get(at: index)
    }
  }

  func makeDatabase() throws -> Connection {
    let db = try Connection(path: ":memory:")
    try db.execute(
      """
      CREATE TABLE t(id INTEGER PRIMARY KEY, score REAL, name TEXT, note TEXT);
      INSERT INTO t VALUES (1, 1.5, 'one', NULL), (2, 2.5, 'two', 'second');
      """)
    return db
  }

  @Test("query builds every row through init(row:) in order")
  func queryBuildsRows() throws {
    let db = try makeDatabase()
    let items = try db.query(Item.self, "SELECT id, score, name, note FROM t ORDER BY id")
    #expect(
      items == [
        Item(id: 1, score: 1.5, name: "one", note: nil),
        Item(id: 2, score: 2.5, name: "two", note: "second"),
      ])
  }

  @Test("forEach streams rows with bound parameters")
  func forEachStreams() throws {
    let db = try makeDatabase()
    var names: [String] = []
    try db.forEach(Item.self, "SELECT id, score, name, note FROM t WHERE id >= ?", [2]) {
      names.append($0.name)
    }
    #expect(names == ["two"])
  }

  @Test("a type that is also Decodable decodes through init(row:)")
  func prefersRowInitializer() throws {
    let db = try makeDatabase()
    let rows = try db.query(Both.self, "SELECT id, name AS source FROM t ORDER BY id")
    #expect(rows == [Both(id: 1, source: "row"), Both(id: 2, source: "row")])
    var streamed: [String] = []
    try db.forEach(Both.self, "SELECT id, name AS source FROM t") { streamed.append($0.source) }
    #expect(streamed == ["row", "row"])
  }

  @Test("get reports a mismatch naming the column, and the statement stays usable")
  func getReportsMismatch() throws {
    let db = try makeDatabase()
    let error = #expect(throws: SQLiteError.self) {
      _ = try db.query(Both.self, "SELECT name, id FROM t")
    }
    #expect(error?.code == .mismatch)
    #expect(error?.message.contains("name") == true)
    #expect(try db.query(Both.self, "SELECT name, id FROM t WHERE 0").isEmpty)
  }

  /// Keeps only the first byte of the second column, read in place.
  struct Initial: RowDecodable {
    var initial: UInt8?
    var length: Int

    init(row: StatementRow) {
      initial = row.withUnsafeText(at: 1) { $0.first }
      length = row.withUnsafeText(at: 1) { $0.count }
    }
  }

  @Test("withUnsafeText reads a column's bytes in place, NULL as no bytes")
  func unsafeTextInPlace() throws {
    let db = try makeDatabase()
    let initials = try db.query(
      Initial.self, "SELECT id, name FROM t UNION ALL SELECT id, note FROM t")
    #expect(
      initials.map(\.initial) == [UInt8(ascii: "o"), UInt8(ascii: "t"), nil, UInt8(ascii: "s")])
    #expect(initials.map(\.length) == [3, 3, 0, 6])
  }

  @Test("index(of:) finds a column case-insensitively")
  func indexByName() throws {
    let db = try makeDatabase()
    let counts = try db.query(Named.self, "SELECT count(*) AS n FROM t")
    #expect(counts.map(\.count) == [2])
  }
}
