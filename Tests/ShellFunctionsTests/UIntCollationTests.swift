import Testing

@Suite("UIntCollation")
struct UIntCollationTests {
  @Test(
    "the uint collation orders digit runs as numbers, as sqlite3 does",
    arguments: [
      "CREATE TABLE u(x COLLATE uint); INSERT INTO u VALUES('a10'),('a9'),('a09'),('b'),('A1'),(''),"
        + "('10'),('9x'),('x100y2'),('x100y10'),('x0100y3'),('12345678901234567890'),('9');"
        + "SELECT x FROM u ORDER BY x",
      "SELECT 'a2' < 'a10' COLLATE uint, 'a02' = 'a2' COLLATE uint, 'a' < 'a0' COLLATE uint",
      "SELECT max(x COLLATE uint) FROM (SELECT 'v9' x UNION ALL SELECT 'v10' UNION ALL SELECT 'v1')",
    ])
  func matchesSQLite3(sql: String) throws {
    try expectSameAsSQLite3(sql)
  }
}
