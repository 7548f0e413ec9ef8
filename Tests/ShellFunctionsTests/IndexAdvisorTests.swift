import SQLiteCore
import Testing

@testable import ShellFunctions

@Suite("IndexAdvisor")
struct IndexAdvisorTests {
  private static func text(_ lines: [[UInt8]]) -> [String] {
    lines.map { String(decoding: $0, as: UTF8.self) }
  }

  private static func term(_ column: Int, _ collation: String = "BINARY") -> ConstraintTerm {
    ConstraintTerm(column: column, collation: collation)
  }

  @Test(
    "names hash the column list as sqlite3 does, continuing after a clash",
    arguments: [
      ("a", UInt32(0), "t_idx_00000061"), ("a, b", 0, "t_idx_000123a7"),
      ("a", 0x61, "t_idx_000003ca"), ("a, c", 0, "t_idx_000123a8"), ("y, x", 0, "t_idx_00016815"),
      ("'a b', c, 'select'", 0, "t_idx_3621ea22"), ("c COLLATE NOCASE", 0, "t_idx_01d3c4e0"),
    ])
  func naming(columns: String, seed: UInt32, expected: String) {
    #expect(
      CandidateIndex.name(table: "t", hash: CandidateIndex.hash(columns, seed: seed)) == expected)
  }

  @Test("bytes above 0x7F count as signed chars in the hash")
  func signedBytes() {
    // 'é' is C3 A9 in UTF-8: as signed chars -61 and -87. Names hold one scalar per byte.
    var expected: UInt32 = 0
    for value in [Int32(-61), -87] {
      expected = expected &+ ((expected << 3) &+ UInt32(bitPattern: value))
    }
    #expect(CandidateIndex.hash(String(rawBytes: "é".utf8)) == expected)
  }

  @Test("equality columns come first, once each, in the order written; ranges each get a list")
  func columnLists() {
    // sqlite3 keeps the terms newest first: `a=1 AND b=2 AND a=3 AND c>1 AND d<2`.
    let lists = CandidateIndex.columnLists(
      equalities: [Self.term(0), Self.term(1), Self.term(0)], ranges: [Self.term(3), Self.term(2)],
      tail: [])
    #expect(lists.map { $0.equalities.map(\.column) } == [[1, 0], [1, 0], [1, 0]])
    #expect(lists.map { $0.tail.map(\.column) } == [[], [3], [2]])
  }

  @Test("with an ORDER BY tail, equality columns in the tail are left out and ranges are not tried")
  func orderByTail() {
    let tail = [ConstraintTerm(column: 2, collation: "BINARY", isDescending: true)]
    let lists = CandidateIndex.columnLists(
      equalities: [Self.term(2), Self.term(0)], ranges: [Self.term(1)], tail: tail)
    #expect(lists.count == 1)
    #expect(lists[0].equalities.map(\.column) == [0])
    #expect(lists[0].tail == tail)
  }

  @Test("column definitions quote names that need it and add COLLATE and DESC")
  func columnDefinitions() {
    let plain = AdvisedTable.Column(name: "a", collation: "BINARY", isPrimaryKey: false)
    let spaced = AdvisedTable.Column(name: "a b", collation: "NOCASE", isPrimaryKey: false)
    let keyword = AdvisedTable.Column(name: "select", collation: "binary", isPrimaryKey: false)
    #expect(CandidateIndex.columnDefinition(plain, Self.term(0)) == "a")
    #expect(CandidateIndex.columnDefinition(plain, Self.term(0, "nocase")) == "a COLLATE nocase")
    #expect(CandidateIndex.columnDefinition(spaced, Self.term(0, "nocase")) == "'a b'")
    #expect(
      CandidateIndex.columnDefinition(keyword, Self.term(0, "my coll"))
        == "'select' COLLATE 'my coll'")
    let descending = ConstraintTerm(column: 0, collation: "BINARY", isDescending: true)
    #expect(CandidateIndex.columnDefinition(plain, descending) == "a DESC")
    #expect(!CandidateIndex.requiresQuotes("abc_19"))
    #expect(CandidateIndex.requiresQuotes("grüße"))
    #expect(CandidateIndex.requiresQuotes("ORDER"))
  }

  @Test("CREATE INDEX quotes both names in double quotes when the table's need quotes")
  func createStatements() {
    #expect(
      CandidateIndex.createStatement(name: "t_idx_1", table: "t", columns: "a")
        == "CREATE INDEX t_idx_1 ON t(a)")
    #expect(
      CandidateIndex.createStatement(name: "my \"t_idx_1", table: "my \"t", columns: "a")
        == "CREATE INDEX \"my \"\"t_idx_1\" ON \"my \"\"t\"(a)")
  }

  @Test(
    "plan lines name the index after USING INDEX or USING COVERING INDEX",
    arguments: [
      ("SEARCH t USING INDEX t_idx_00000061 (a=?)", "t_idx_00000061"),
      ("SCAN t USING COVERING INDEX my tab_idx_1", "my tab_idx_1"),
      ("SEARCH t USING INTEGER PRIMARY KEY (rowid=?)", nil), ("SCAN t USING INDEX ", nil),
    ] as [(String, String?)])
  func indexNames(detail: String, expected: String?) {
    #expect(IndexAdvisor.indexName(in: Array(detail.utf8)) == expected)
  }

  @Test("advice reads the schema, samples rows, and leaves nothing behind on the connection")
  func advice() throws {
    let db = try Connection()
    try db.execute(
      "CREATE TABLE t(a, b); INSERT INTO t VALUES(1, 1), (1, 2), (2, 3);"
        + "CREATE TABLE log(x); CREATE TRIGGER tr AFTER DELETE ON t BEGIN"
        + " DELETE FROM log WHERE x = old.b; END;")
    let advisor = try IndexAdvisor(connection: db)
    advisor.samplePercent = 100
    try advisor.add(Array("SELECT * FROM t WHERE a = 1 AND b > 0; DELETE FROM t WHERE a = 2".utf8))
    let report = try advisor.analyze()
    // sqlite3 3.40.1 prints the same (`.expert -verbose -sample 100`); the empty log table
    // gets no figures.
    #expect(
      Self.text(report.candidates) == [
        "CREATE INDEX t_idx_000123a7 ON t(a, b); -- stat1: 3 2 1",
        "CREATE INDEX t_idx_00000061 ON t(a); -- stat1: 3 2",
        "CREATE INDEX log_idx_00000078 ON log(x);",
      ])
    #expect(
      Self.text(report.queries.map(\.sql)) == [
        "SELECT * FROM t WHERE a = 1 AND b > 0;", " DELETE FROM t WHERE a = 2",
      ])
    #expect(Self.text(report.queries[0].indexes) == ["CREATE INDEX t_idx_000123a7 ON t(a, b)"])
    #expect(
      Self.text(report.queries[1].indexes) == [
        "CREATE INDEX log_idx_00000078 ON log(x)", "CREATE INDEX t_idx_00000061 ON t(a)",
      ])
    #expect(
      Self.text(report.queries[1].plan) == [
        "SEARCH t USING COVERING INDEX t_idx_00000061 (a=?)",
        "SEARCH log USING INDEX log_idx_00000078 (x=?)",
      ])
    #expect(throws: SQLiteError.self) { try db.query("SELECT sqlite_expert_rem(0, 1)") }
    #expect(throws: SQLiteError.self) { try db.query("SELECT sqlite_expert_sample()") }
    #expect(try db.query("SELECT count(*) FROM t")[0][0] == .integer(3))
  }

  @Test("a statement that does not prepare is an error with SQLite's message")
  func errors() throws {
    let db = try Connection()
    let advisor = try IndexAdvisor(connection: db)
    #expect(throws: AdvisorError.self) { try advisor.add(Array("SELECT * FROM nosuch".utf8)) }
    do {
      try advisor.add(Array("SELECT * FROM nosuch".utf8))
    } catch {
      #expect(error.message == Array("no such table: nosuch".utf8))
    }
  }
}
