import SQLiteCore
import SQLiteShell
import Testing

@Suite("ErrorText")
struct ErrorTextTests {
  @Test("marks a near error from the left")
  func nearCaret() {
    #expect(ErrorText.context(sql: "SELEC 2;", offset: 0) == "\n  SELEC 2;\n  ^--- error here")
  }

  @Test("skips leading white space and turns newlines into spaces")
  func whiteSpace() {
    #expect(
      ErrorText.context(sql: "  SELECT\n1 x y", offset: 13)
        == "\n  SELECT 1 x y\n  " + String(repeating: " ", count: 11) + "^--- error here")
  }

  @Test("marks a far error from the right and cuts long text")
  func farCaret() {
    let sql = String(repeating: "a", count: 60) + " FROMM " + String(repeating: "b", count: 60)
    let context = ErrorText.context(sql: sql, offset: 61)
    let lines = context.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[1].utf8.count == 2 + 78)
    #expect(lines[2] == "  " + String(repeating: " ", count: 36) + "error here ---^")
  }

  @Test("words prepare and step errors as sqlite3 does")
  func details() {
    let syntax = SQLiteError(code: .error, message: "near \"x\": syntax error", sql: "x", offset: 0)
    #expect(
      ErrorText.detail(syntax, phase: .prepare)
        == "in prepare, near \"x\": syntax error\n  x\n  ^--- error here")
    let unique = SQLiteError(code: .constraintUnique, message: "UNIQUE constraint failed: t.a")
    #expect(
      ErrorText.detail(unique, phase: .step) == "stepping, UNIQUE constraint failed: t.a (19)")
    #expect(
      ErrorText.scriptLine(unique, phase: .step, line: 4)
        == "Runtime error near line 4: UNIQUE constraint failed: t.a (19)\n")
    #expect(
      ErrorText.scriptLine(unique, phase: .step, line: nil)
        == "Runtime error: UNIQUE constraint failed: t.a (19)\n")
  }
}
