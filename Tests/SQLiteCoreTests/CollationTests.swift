import SQLiteCore
import Testing

@Suite("Collations")
struct CollationTests {
  /// Orders by length, then bytes: a total order unlike BINARY's.
  private static func byLength(_ left: String, _ right: String) -> Int {
    left.utf8.count != right.utf8.count
      ? left.utf8.count - right.utf8.count : (left < right ? -1 : (left == right ? 0 : 1))
  }

  private func words(_ db: Connection, _ sql: String) throws -> [String] {
    try db.query(sql).map { try $0.get(0, as: String.self) }
  }

  @Test("ORDER BY, comparisons and a declared column use the Swift comparison")
  func ordering() throws {
    let db = try Connection()
    try db.createCollation("bylength", Self.byLength)
    try db.execute("CREATE TABLE w(x TEXT COLLATE bylength); CREATE INDEX wx ON w(x)")
    try db.execute("INSERT INTO w VALUES ('ccc'), ('a'), ('bb'), ('ab'), ('é')")
    #expect(try words(db, "SELECT x FROM w ORDER BY x") == ["a", "ab", "bb", "é", "ccc"])
    #expect(try words(db, "SELECT x FROM w ORDER BY x COLLATE binary").first == "a")
    #expect(try words(db, "SELECT x FROM w WHERE x > 'zz' ORDER BY x") == ["é", "ccc"])
    #expect(try db.scalar("PRAGMA integrity_check") == "ok")
  }

  @Test("the byte form sees the exact UTF-8, and case-insensitive equality works through it")
  func bytes() throws {
    let db = try Connection()
    var lengths: Set<Int> = []
    try db.createCollation("nocaseascii") { left, right in
      lengths.insert(left.count)
      let lower = { (byte: UInt8) in (65...90).contains(byte) ? byte + 32 : byte }
      for (a, b) in zip(left, right) where lower(a) != lower(b) {
        return Int(lower(a)) - Int(lower(b))
      }
      return left.count - right.count
    }
    #expect(try db.scalar("SELECT 'HeLLo' = 'hello' COLLATE nocaseascii") == 1)
    #expect(try db.scalar("SELECT 'héllo' = 'HÉllo' COLLATE nocaseascii") == 0)
    #expect(lengths.contains(6))
  }

  @Test("an unknown collation is an error; a replaced one takes effect")
  func replaceAndUnknown() throws {
    let db = try Connection()
    #expect(throws: SQLiteError.self) { try db.query("SELECT 'a' < 'b' COLLATE nosuch") }
    try db.createCollation("flip") { Self.byLength($0, $1) }
    #expect(try db.scalar("SELECT 'a' < 'bb' COLLATE flip") == 1)
    try db.createCollation("flip") { -Self.byLength($0, $1) }
    #expect(try db.scalar("SELECT 'a' < 'bb' COLLATE flip") == 0)
  }

  @Test("replacing a collation a running statement uses fails cleanly and keeps the old one")
  func busyReplacement() throws {
    let db = try Connection()
    try db.createCollation("keep") { Self.byLength($0, $1) }
    let statement = try db.prepare("SELECT 'a' < 'bb' COLLATE keep UNION ALL SELECT 1")
    #expect(try statement.step())
    #expect(throws: SQLiteError.self) {
      try db.createCollation("keep") { -Self.byLength($0, $1) }
    }
    #expect(statement.int64(at: 0) == 1)
    statement.reset()
    #expect(try db.scalar("SELECT 'a' < 'bb' COLLATE keep") == 1)
  }
}
