import Testing

@Suite("ArchiveFunctions")
struct ArchiveFunctionsTests {
  @Test(
    "sqlar_compress and sqlar_uncompress match sqlite3's",
    arguments: [
      "SELECT hex(sqlar_compress(zeroblob(100))), hex(sqlar_compress(x'01'))",
      "SELECT hex(sqlar_compress(randomblob(64) || zeroblob(4000))) IS NOT NULL",
      "SELECT length(sqlar_compress(zeroblob(100000))), typeof(sqlar_compress('a'))",
      "SELECT hex(sqlar_uncompress(sqlar_compress(zeroblob(300)), 300))",
      "SELECT sqlar_uncompress(x'0102', 5)",
      "SELECT length(sqlar_uncompress(sqlar_compress(zeroblob(1000)), 10))",
    ])
  func matchesSQLite3(sql: String) throws {
    try expectSameAsSQLite3(sql)
  }

  @Test("what sqlar_compress makes, sqlar_uncompress gives back, at every 7th length to 3000")
  func roundTrips() throws {
    // A varied head, then one byte repeated: the long ones shrink, the shortest do not.
    let sql = """
      WITH blobs(b) AS (SELECT CAST(substr(hex(value * 2654435761 % 1000003)
        || printf('%.*c', value, 'z'), 1, value) AS BLOB) FROM generate_series(0, 3000, 7))
      SELECT count(*), sum(sqlar_uncompress(sqlar_compress(b), length(b)) = b),
        sum(length(sqlar_compress(b)) < length(b)), sum(length(b) > 100)
      FROM blobs
      """
    let columns = try Reference.litesh(sql).split(separator: "\n")[0].split(separator: "|")
    #expect(columns.count == 4)
    #expect(columns[0] == "429" && columns[1] == columns[0])
    #expect((Int(columns[2]) ?? 0) >= (Int(columns[3]) ?? 1))
  }

  /// sqlite3 3.40.1 reads the size as unsigned, so -1 (the size `.archive` stores for a link)
  /// fails with "error in uncompress()" there and `.archive -x` stops at the first link.
  @Test("a negative size passes the value through, as a size of 0 does")
  func negativeSizePassesThrough() throws {
    let text = try Reference.litesh(
      "SELECT sqlar_uncompress('target', -1), sqlar_uncompress(x'6869', -5), "
        + "sqlar_uncompress('x', 0)")
    #expect(text == "target|hi|x\n")
  }
}
