import Foundation
import SQLiteCore
import ShellFunctions
import TestSupport
import Testing

@Suite("sqlite_dbdata and sqlite_dbptr")
struct PageDataTableTests {
  /// Runs `body` with a connection with the shell functions on a file database of 200 rows (an
  /// interior page), and `aux` attached with one row, in a scratch directory removed afterwards.
  static func withDatabase(_ body: (Connection) throws -> Void) throws {
    try ScratchDirectory.with("litesh-functions") { directory in
      let connection = try Connection(path: directory.path("d.db"))
      try ShellFunctions.register(on: connection)
      try connection.execute(
        "CREATE TABLE t(a INTEGER PRIMARY KEY, b); "
          + "INSERT INTO t SELECT value, printf('%.50c', 'x') FROM generate_series(1, 200);"
          + "ATTACH '\(directory.path("aux.db"))' AS aux;"
          + "CREATE TABLE aux.u(x); INSERT INTO aux.u VALUES('only');")
      try body(connection)
    }
  }

  /// Each row as its values' descriptions (text quoted) joined by `|`.
  static func text(_ rows: [Row]) -> [String] {
    rows.map { $0.values.map { "\($0)" }.joined(separator: "|") }
  }

  @Test("each record field of a page, the rowid as field -1, and the schema argument")
  func data() throws {
    try Self.withDatabase { connection in
      let schema = try connection.query(
        "SELECT cell, field, value FROM sqlite_dbdata WHERE pgno = 1 AND field IN (-1, 1, 3)")
      #expect(Self.text(schema) == ["0|-1|1", "0|1|'t'", "0|3|2"])
      let aux = try connection.query(
        "SELECT pgno, field, value, schema FROM sqlite_dbdata('aux') WHERE pgno = 2")
      #expect(Self.text(aux) == ["2|-1|1|'aux'", "2|0|'only'|'aux'"])
      let fields = try connection.query(
        "SELECT count(*), count(DISTINCT pgno) > 2 FROM sqlite_dbdata WHERE field = 1 AND pgno > 1")
      #expect(Self.text(fields) == ["200|1"])
      #expect(try connection.query("SELECT * FROM sqlite_dbdata('nosuch')").isEmpty)
    }
  }

  @Test("each child pointer of the interior pages")
  func pointers() throws {
    try Self.withDatabase { connection in
      let leaves = try connection.query(
        "SELECT count(*) FROM dbstat WHERE name = 't' AND pagetype = 'leaf'")
      let pointers = try connection.query("SELECT count(*), min(pgno) FROM sqlite_dbptr")
      #expect(Self.text(pointers) == [Self.text(leaves)[0] + "|2"])
      #expect(try connection.query("SELECT * FROM sqlite_dbptr('aux')").isEmpty)
    }
  }
}
