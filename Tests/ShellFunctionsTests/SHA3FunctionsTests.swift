import Testing

@Suite("SHA3Functions")
struct SHA3FunctionsTests {
  @Test(
    "sha3 and sha3_query hash exactly as sqlite3 does",
    arguments: [
      "SELECT hex(sha3('abc')), hex(sha3('abc', 224)), hex(sha3('abc', 384)), hex(sha3('abc', 512))",
      "SELECT hex(sha3(1)), hex(sha3(2.5)), sha3(NULL), hex(sha3(x'')), hex(sha3(''))",
      "SELECT hex(sha3(x'00ff10')), hex(sha3(zeroblob(200))), hex(sha3(printf('%.*c', 135, 'x')))",
      "SELECT hex(sha3(printf('%.*c', 136, 'x'))), hex(sha3(printf('%.*c', 1000, 'y'), 512))",
      "SELECT sha3('a', 100)",
      "SELECT sha3(NULL, 100)",
      "SELECT hex(sha3_query('SELECT 1; SELECT ''a'', x''00'', 2.5, NULL, -7'))",
      "SELECT hex(sha3_query('SELECT 1', 512)), hex(sha3_query('SELECT 1', 224))",
      "SELECT sha3_query('SELECT 1 FROM nosuch')",
      "SELECT sha3_query('SELECT 1; CREATE TABLE t(x)')",
      "SELECT hex(sha3_query('SELECT 1;  -- c\n '))",
      "SELECT sha3_query('SELECT 1 FROM ;SELECT 2')",
      "SELECT sha3_query(NULL), typeof(sha3_query('')), hex(sha3_query(''))",
      "CREATE TABLE t(a,b); INSERT INTO t VALUES(1,'x'),(2.5,x'01'),(NULL,'é');"
        + "SELECT hex(sha3_query('SELECT * FROM t ORDER BY rowid'))",
    ])
  func matchesSQLite3(sql: String) throws {
    try expectSameAsSQLite3(sql)
  }
}
