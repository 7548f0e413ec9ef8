import SQLiteShell
import Testing

@Suite("InputBuffer")
struct InputBufferTests {
  private func feed(_ lines: [String]) -> [InputBuffer.Disposition] {
    var buffer = InputBuffer()
    return lines.map { buffer.feed($0) } + [buffer.finish()]
  }

  @Test("takes dot-commands only in column 0 with nothing pending")
  func dotCommands() {
    #expect(feed([".print x"])[0] == .dotCommand(".print x"))
    #expect(feed(["  .print x"])[0] == .pending)
    #expect(feed(["SELECT 1", ".print x"])[1] == .pending)
  }

  @Test("skips hash lines, blank lines and comment-only lines")
  func skips() {
    #expect(feed(["# c"])[0] == .skip(echo: "# c"))
    #expect(feed(["   "])[0] == .skip(echo: "   "))
    #expect(feed(["-- c"])[0] == .skip(echo: "-- c"))
    #expect(feed(["/* a", "b */"]) == [.pending, .skip(echo: "/* a\nb */"), .skip(echo: nil)])
  }

  @Test("numbers a chunk by the line where it began")
  func chunkLines() {
    let result = feed(["", "SELECT", "1;"])
    #expect(result[2] == .sql("SELECT\n1;", line: 2))
  }

  @Test("ends statements at go and slash lines")
  func terminators() {
    #expect(feed(["SELECT 1", "go"])[1] == .sql("SELECT 1\n;", line: 1))
    #expect(feed(["SELECT 1", " / "])[1] == .sql("SELECT 1\n;", line: 1))
    #expect(feed(["SELECT 'a", "go"])[1] == .pending)
  }

  @Test("waits for the END of a trigger")
  func triggers() {
    let result = feed(["CREATE TRIGGER r AFTER INSERT ON t BEGIN", "SELECT 1;", "END;"])
    #expect(result[1] == .pending)
    #expect(result[2] == .sql("CREATE TRIGGER r AFTER INSERT ON t BEGIN\nSELECT 1;\nEND;", line: 1))
  }

  @Test("keeps text after the last semicolon pending and runs it at the end")
  func trailingText() {
    #expect(feed(["SELECT 6; .print x"]) == [.pending, .sql("SELECT 6; .print x", line: 1)])
  }

  @Test("ignores semicolons inside strings, identifiers and comments")
  func quoting() {
    #expect(feed(["SELECT 'a;", "b';"])[1] == .sql("SELECT 'a;\nb';", line: 1))
    #expect(feed(["SELECT [x;", "y];"])[0] == .pending)
    #expect(feed(["SELECT 1 -- ;"])[0] == .pending)
  }
}
