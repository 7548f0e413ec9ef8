import Testing

@Suite("CompletionTable")
struct CompletionTableTests {
  @Test(
    "completion gives sqlite3's candidates, phases and errors",
    arguments: [
      "SELECT candidate, phase FROM completion('sel')",
      "SELECT candidate, prefix, wholeline, phase FROM completion(NULL, 'SELECT * FROM t WH')",
      "CREATE TABLE tbl(alpha, beta); ATTACH ':memory:' AS aux;"
        + "CREATE TABLE aux.other(gamma);"
        + "SELECT candidate, phase FROM completion('') WHERE phase > 1",
      "CREATE TABLE tbl(alpha); SELECT candidate FROM completion('AL')",
      "SELECT count(*) > 100 FROM completion",
      "SELECT rowid, candidate FROM completion('whe')",
      "SELECT name FROM pragma_table_xinfo('completion')",
    ])
  func matchesSQLite3(sql: String) throws {
    try expectSameAsSQLite3(sql)
  }
}
