import SQLiteCore
import SQLiteShell
import Testing

/// TAB inside an identifier quote left open: `"my`, `` `my ``, `[my`.
@Suite("Completion inside identifier quotes")
struct QuotedIdentifierCompletionTests {
  let connection: Connection
  let engine = CompletionEngine(dotCommandNames: ["schema"])

  init() throws {
    connection = try Connection(path: ":memory:")
    try connection.execute(
      """
      CREATE TABLE "Odd Name"("my col", "select", "my other");
      CREATE TABLE customers(id, "full name");
      """)
  }

  /// The line as it reads after the word before the cursor is replaced by each candidate.
  func completed(_ line: String, cursor: Int? = nil) -> [String] {
    let result = engine.complete(line: line, cursor: cursor, connection: connection)
    let utf8 = Array(line.utf8)
    let end = cursor ?? utf8.count
    let start = String(decoding: utf8[..<(end - result.word.utf8.count)], as: UTF8.self)
    let rest = String(decoding: utf8[end...], as: UTF8.self)
    return result.candidates.map { start + $0 + rest }
  }

  @Test("completes a column begun with a double quote, closing the quote once")
  func column() {
    #expect(
      completed("SELECT * FROM \"Odd Name\" WHERE \"my") == [
        "SELECT * FROM \"Odd Name\" WHERE \"my col\"",
        "SELECT * FROM \"Odd Name\" WHERE \"my other\"",
      ])
    #expect(
      completed("SELECT * FROM \"Odd Name\" WHERE \"my c")
        == ["SELECT * FROM \"Odd Name\" WHERE \"my col\""])
  }

  @Test("completes a table begun with a quote, with or without a space in its name")
  func table() {
    #expect(completed("SELECT * FROM \"Odd") == ["SELECT * FROM \"Odd Name\""])
    #expect(completed("SELECT * FROM \"cust") == ["SELECT * FROM \"customers\""])
    #expect(
      completed("SELECT * FROM \"") == [
        "SELECT * FROM \"Odd Name\"", "SELECT * FROM \"customers\"",
      ])
  }

  @Test("offers no keywords inside quotes, only the names")
  func noKeywords() {
    #expect(
      completed("SELECT * FROM \"Odd Name\" WHERE \"sel")
        == ["SELECT * FROM \"Odd Name\" WHERE \"select\""])
    #expect(completed("SELECT \"sel") == [])
  }

  @Test("closes with the quote that opened: backquote and square bracket")
  func otherQuotes() {
    #expect(completed("SELECT * FROM `Odd") == ["SELECT * FROM `Odd Name`"])
    #expect(completed("SELECT * FROM [Odd") == ["SELECT * FROM [Odd Name]"])
    #expect(
      completed("SELECT * FROM customers WHERE [full n")
        == ["SELECT * FROM customers WHERE [full name]"])
  }

  @Test("does not add a closing quote that already follows the cursor")
  func closingQuoteFollows() {
    #expect(
      completed("SELECT * FROM customers WHERE \"fu\" = 1", cursor: 33)
        == ["SELECT * FROM customers WHERE \"full name\" = 1"])
    #expect(
      completed("SELECT \"fu\" FROM customers", cursor: 10)
        == ["SELECT \"full name\" FROM customers"])
  }

  @Test("completes a column of a quoted table after its dot")
  func qualified() {
    #expect(
      completed("SELECT \"Odd Name\".\"my c FROM \"Odd Name\"", cursor: 23)
        == ["SELECT \"Odd Name\".\"my col\" FROM \"Odd Name\""])
    #expect(
      completed("SELECT c.\"fu FROM customers c", cursor: 12)
        == ["SELECT c.\"full name\" FROM customers c"])
  }

  @Test("still quotes a name that needs it when it was begun without a quote")
  func unquotedPrefix() {
    #expect(
      completed("SELECT * FROM \"Odd Name\" WHERE my")
        .contains("SELECT * FROM \"Odd Name\" WHERE \"my col\""))
    #expect(completed("SELECT * FROM Od") == ["SELECT * FROM \"Odd Name\""])
  }
}
