import Testing

@testable import SQLiteShell

@Suite("SQLToken")
struct SQLTokenTests {
  @Test("splits words, quoted identifiers, strings, parameters and punctuation")
  func kinds() {
    let tokens = SQLToken.tokenize("SELECT \"a b\", 'x;y' FROM [t] WHERE c = :p -- c;\n;")
    #expect(
      tokens.map(\.kind) == [
        .word, .quotedIdentifier, .punctuation, .string, .word, .quotedIdentifier, .word, .word,
        .punctuation, .parameter, .punctuation,
      ])
    #expect(tokens[1].text == "a b")
    #expect(tokens[9].text == ":p")
  }

  @Test("runs unterminated strings and comments to the end without failing")
  func unterminated() {
    #expect(SQLToken.tokenize("SELECT 'abc").map(\.kind) == [.word, .string])
    #expect(SQLToken.tokenize("SELECT /* x").map(\.kind) == [.word])
  }
}

@Suite("StatementContext")
struct StatementContextTests {
  @Test("finds tables and aliases on both sides of the cursor, in the current statement only")
  func references() {
    let context = StatementContext(
      before: "SELECT 1 FROM old; SELECT a.", after: " FROM people a JOIN main.pets AS p; x")
    #expect(context.tables.map(\.name) == ["people", "pets"])
    #expect(context.tables.map(\.alias) == ["a", "p"])
    #expect(context.tables[1].schema == "main")
  }

  @Test("expects a table after FROM and inside a FROM list, a select list, a join condition")
  func expectation() {
    #expect(StatementContext(before: "SELECT * FROM ", after: "").expectation == .table)
    #expect(StatementContext(before: "SELECT * FROM a, ", after: "").expectation == .table)
    #expect(StatementContext(before: "SELECT ", after: " FROM a").expectation == .selectList)
    #expect(StatementContext(before: "SELECT a, ", after: "").expectation == .selectList)
    #expect(
      StatementContext(before: "SELECT * FROM a JOIN b ON ", after: "").expectation
        == .joinCondition)
    #expect(
      StatementContext(before: "SELECT * FROM a JOIN b ON a.x = ", after: "").expectation
        == .joinCondition)
    #expect(StatementContext(before: "CREATE INDEX i ON ", after: "").expectation == .table)
    #expect(
      StatementContext(before: "SELECT * FROM a WHERE ", after: "").expectation == .expression)
    #expect(
      StatementContext(before: "SELECT * FROM a WHERE x IN (1, ", after: "").expectation
        == .expression)
  }
}
