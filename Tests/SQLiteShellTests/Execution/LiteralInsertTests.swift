import CSQLite
import SQLiteCore
import Testing

@testable import SQLiteShell

/// Which statements ``LiteralInsert`` takes for the fast way, and what it reads in them.
@Suite("Literal INSERT")
struct LiteralInsertTests {
  static func parse(_ text: String) -> LiteralInsert? {
    var insert = LiteralInsert()
    let bytes = Array(text.utf8)
    let taken = bytes.withUnsafeBufferPointer { insert.parse($0) }
    return taken ? insert : nil
  }

  @Test(
    "the lines .dump writes are taken, with one shape per table and column list",
    arguments: [
      (
        "INSERT INTO t VALUES(1,'x',NULL,X'00ff',2.5,-2.5);",
        "INSERT INTO t VALUES(?,?,?,?,CAST(? AS REAL),CAST(? AS REAL)*-1)"
      ),
      ("INSERT INTO \"my t\" VALUES(-1);", "INSERT INTO \"my t\" VALUES(?)"),
      ("INSERT INTO t(rowid,a) VALUES(1,'it''s');", "INSERT INTO t(rowid,a) VALUES(?,?)"),
      (
        "insert into main . t values ( - 5 ) , ( .5 )",
        "INSERT INTO main.t VALUES(?),(CAST(? AS REAL))"
      ),
      ("INSERT INTO [a b](`c`) VALUES(1e400);\n", "INSERT INTO [a b](`c`) VALUES(CAST(? AS REAL))"),
    ])
  func taken(text: String, shape: String) throws {
    let insert = try #require(Self.parse(text))
    #expect(String(decoding: insert.shape, as: UTF8.self) == shape)
  }

  @Test(
    "anything but literals goes the normal way",
    arguments: [
      "INSERT INTO t VALUES(replace('a\\nb','\\n',char(10)));", "INSERT INTO t VALUES(1+1);",
      "INSERT INTO t VALUES('a'||'b');", "INSERT INTO t VALUES(1) /* c */;",
      "INSERT INTO t VALUES(1); -- c", "INSERT OR IGNORE INTO t VALUES(1);",
      "INSERT INTO t VALUES(1) RETURNING *;", "INSERT INTO t DEFAULT VALUES;",
      "INSERT INTO t VALUES(1) ON CONFLICT DO NOTHING;", "INSERT INTO t VALUES(0x10);",
      "INSERT INTO t VALUES(+1);", "INSERT INTO t VALUES(- -1);", "INSERT INTO t VALUES(\"x\");",
      "INSERT INTO t VALUES(1e);", "INSERT INTO t VALUES(1abc);", "INSERT INTO t VALUES(x'0');",
      "INSERT INTO t VALUES(?);", "INSERT INTO t VALUES(:a);", "INSERT INTO t VALUES(TRUE);",
      "INSERT INTO t VALUES(1); INSERT INTO t VALUES(2);", "INSERT INTO t VALUES('open",
      "INSERT INTO t AS x VALUES(1);", "REPLACE INTO t VALUES(1);", "INSERT INTO t SELECT 1;",
      "INSERT INTO t VALUES(1)\u{0B};", "WITH a AS (SELECT 1) INSERT INTO t VALUES(1);",
    ])
  func refused(text: String) {
    #expect(Self.parse(text) == nil)
  }

  @Test("numbers become the values SQLite's parser codes for them")
  func numbers() throws {
    let insert = try #require(
      Self.parse(
        "INSERT INTO t VALUES(9223372036854775807,-9223372036854775808,9223372036854775808,"
          + "-0,00012,1.5,-2e3,99999999999999999999)"))
    #expect(insert.literals[0] == .integer(.max))
    #expect(insert.literals[1] == .integer(.min))
    guard case .real(_, isNegated: false) = insert.literals[2] else {
      Issue.record("2^63 is a REAL literal")
      return
    }
    #expect(insert.literals[3] == .integer(0))
    #expect(insert.literals[4] == .integer(12))
    guard case .real(_, isNegated: true) = insert.literals[6],
      case .real = insert.literals[7]
    else {
      Issue.record("-2e3 and 20 digits are REAL literals")
      return
    }
    #expect(insert.literals.filter { if case .real = $0 { true } else { false } }.count == 4)
  }

  @Test("a restored script runs through prepared shapes: one statement prepared for many rows")
  func preparesOnce() throws {
    let harness = ShellHarness()
    harness.shell.processLine("CREATE TABLE t(a, b);")
    let connection = try #require(harness.shell.connection)
    let before = Self.openStatements(connection)
    for row in 0..<50 { harness.shell.processLine("INSERT INTO t VALUES(\(row), 'r\(row)');") }
    // The shape stays prepared between statements; the normal way finalizes each one.
    #expect(Self.openStatements(connection) == before + 1)
    harness.shell.processLine("SELECT count(*) FROM t;")
    #expect(Self.openStatements(connection) == before)
    #expect(harness.output.capturedText == "50\n")
  }

  /// The statements open on the connection (`sqlite3_next_stmt`).
  static func openStatements(_ connection: Connection) -> Int {
    connection.withUnsafeHandle { db in
      var count = 0
      var statement = sqlite3_next_stmt(db, nil)
      while let current = statement {
        count += 1
        statement = sqlite3_next_stmt(db, current)
      }
      return count
    }
  }
}
