import SQLiteCore
import Testing

@Suite("Connection")
struct ConnectionTests {
  @Test("opens an in-memory database and runs multi-statement SQL")
  func opensInMemory() throws {
    let db = try Connection(path: ":memory:")
    try db.execute("CREATE TABLE t(a); INSERT INTO t VALUES (1), (2)")
    #expect(try db.scalar("SELECT sum(a) FROM t", as: Int.self) == 3)
  }
}
