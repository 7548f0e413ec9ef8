import SQLiteCore
import Testing

@Suite("SQLiteFormatting")
struct SQLiteFormattingTests {
  @Test(
    "formats reals byte for byte as the sqlite3 shell prints them",
    arguments: [
      (2.0, "2.0"), (1e100, "1.0e+100"), (0.1, "0.1"), (1.0 / 3, "0.333333333333333"),
      (1e15, "1.0e+15"), (123_456_789.125, "123456789.125"), (9.0e-7, "9.0e-07"),
      (-2.5, "-2.5"),
    ])
  func real(value: Double, expected: String) throws {
    #expect(SQLiteFormatting.real(value) == expected)
    let db = try Connection()
    #expect(try db.scalar("SELECT printf('%!.15g', ?)", [value], as: String.self) == expected)
  }

  @Test("formats with 20 significant digits on request")
  func twentyDigits() {
    #expect(SQLiteFormatting.real(0.1, significantDigits: 20) == "0.10000000000000000555")
  }

  @Test("appends to a byte buffer without clearing it")
  func appends() {
    var bytes = Array("x=".utf8)
    SQLiteFormatting.appendReal(0.5, significantDigits: 15, to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == "x=0.5")
  }

  @Test("quotes strings and identifiers with SQLite's printf")
  func printf() {
    #expect(SQLiteFormatting.printf("%Q", "it's") == "'it''s'")
    #expect(SQLiteFormatting.printf("%q", "it's") == "it''s")
    #expect(SQLiteFormatting.printf("\"%w\"", "a\"b") == "\"a\"\"b\"")
  }
}
