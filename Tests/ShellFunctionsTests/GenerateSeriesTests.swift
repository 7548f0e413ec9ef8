import Testing

@Suite("GenerateSeries")
struct GenerateSeriesTests {
  @Test(
    "generate_series produces the rows and errors sqlite3 does",
    arguments: [
      "SELECT * FROM generate_series(1, 5)",
      "SELECT value, start, stop, step FROM generate_series(1, 10, 3)",
      "SELECT * FROM generate_series(10, 1, -3)",
      "SELECT * FROM generate_series(1, 10, -3)",
      "SELECT * FROM generate_series(5) LIMIT 3",
      "SELECT count(*), min(value), max(value) FROM generate_series(4294967290)",
      "SELECT * FROM generate_series",
      "SELECT * FROM generate_series()",
      "SELECT * FROM generate_series(1, NULL)",
      "SELECT * FROM generate_series(1, 2, NULL)",
      "SELECT * FROM generate_series(NULL)",
      "SELECT * FROM generate_series(1, 3, 0)",
      "SELECT * FROM generate_series(1, 10, 2) ORDER BY value DESC",
      "SELECT * FROM generate_series(1, 10, 3) ORDER BY value DESC",
      "SELECT * FROM generate_series(1, 10, -4) ORDER BY value",
      "SELECT * FROM generate_series(10, 1, 3)",
      "SELECT * FROM generate_series(0, -3, -1)",
      "SELECT * FROM generate_series(-3, 0)",
      "SELECT * FROM generate_series('a', '3')",
      "SELECT * FROM generate_series(1.5, 4.7)",
      "SELECT value FROM generate_series WHERE start = 2 AND stop = 4",
      "SELECT * FROM generate_series(1, 4) WHERE value > 2",
      "SELECT rowid, * FROM generate_series(7, 9)",
      "SELECT * FROM generate_series(1, 3) a JOIN generate_series(1, 2) b",
      "SELECT * FROM generate_series(1, 5) WHERE stop = 3",
      "SELECT * FROM generate_series(1, 5, 1, 1)",
      "SELECT * FROM generate_series(1, 3) WHERE value IN (2, 3)",
      "SELECT sum(value) FROM generate_series(1, 100000)",
      "CREATE TABLE t(n); INSERT INTO t VALUES (2), (3);"
        + "SELECT n, value FROM t, generate_series(1, t.n) ORDER BY n, value",
      "SELECT (SELECT group_concat(value) FROM generate_series(1, x.value)) FROM generate_series(1, 3) x",
      "SELECT * FROM generate_series(9223372036854775800, 9223372036854775807, 3) LIMIT 3",
      "SELECT * FROM generate_series(-9223372036854775807, -9223372036854775800, -5) LIMIT 2",
      "SELECT name FROM pragma_table_xinfo('generate_series')",
    ])
  func matchesSQLite3(sql: String) throws {
    try expectSameAsSQLite3(sql)
  }

  @Test("litesh stops where sqlite3 3.40.1 would wrap around past the 64-bit range")
  func stopsAtOverflow() throws {
    let sql = "SELECT * FROM generate_series(9223372036854775800, 9223372036854775807, 3)"
    #expect(
      try Reference.litesh(sql)
        == "9223372036854775800\n9223372036854775803\n9223372036854775806\n")
  }
}
