import SQLiteCore
import Testing

/// Imposter tables (`SQLITE_TESTCTRL_IMPOSTER`) and `hasTable`, which `.imposter` and
/// `.selftest` use.
@Suite("Imposter tables")
struct ImposterTests {
  private func database() throws -> Connection {
    let db = try Connection()
    try db.execute(
      "CREATE TABLE t(a, b); CREATE INDEX tb ON t(b); INSERT INTO t VALUES (1, 'x'), (2, 'y')")
    return db
  }

  @Test("an imposter over an index reads the index's entries as rows, until removed")
  func imposter() throws {
    let db = try database()
    let root = try #require(
      try db.scalar("SELECT rootpage FROM sqlite_schema WHERE name='tb'") as Int64?)
    try db.beginImposterCreation(rootPage: Int32(root))
    try db.execute("CREATE TABLE i(b, r, PRIMARY KEY(b, r)) WITHOUT ROWID")
    db.endImposterCreation()
    #expect(try db.scalar("SELECT group_concat(b || r) FROM i") == "x1,y2")
    try db.execute("CREATE TABLE real(a)")
    #expect(db.hasTable("real") && db.hasTable("i"))
    db.removeImposters()
    #expect(!db.hasTable("i"))
    #expect(db.hasTable("REAL", database: "main"))
  }

  @Test("hasTable finds tables, not views, in the database asked about only")
  func hasTable() throws {
    let db = try database()
    try db.execute("CREATE VIEW v AS SELECT 1; CREATE TEMP TABLE tt(x)")
    #expect(!db.hasTable("v"))
    #expect(db.hasTable("tt") && !db.hasTable("tt", database: "main"))
    #expect(!db.hasTable("nosuch"))
  }
}
