import SQLiteShell
import Testing

/// How many screen lines the pager thinks a result takes: newlines, wrapping, wide
/// characters, and colour codes that take no room.
@Suite("ScreenCounter")
struct ScreenCounterTests {
  /// Feeds `text` in chunks of `chunk` bytes; whether it overflowed, and the lines counted.
  private func count(_ text: String, rows: Int = 6, columns: Int = 10, chunk: Int = 3)
    -> (overflows: Bool, lines: Int)
  {
    var counter = ScreenCounter(rows: rows, columns: columns)
    let bytes = Array(text.utf8)
    var start = 0
    while start < bytes.count {
      let end = min(start + chunk, bytes.count)
      let overflowed = bytes[start..<end].withUnsafeBytes { counter.overflows(after: $0) }
      if overflowed { return (true, counter.lines) }
      start = end
    }
    return (false, counter.lines)
  }

  @Test("leaves two lines of the screen for the typed line and the next prompt")
  func limit() {
    #expect(count("1\n2\n3\n4\n") == (false, 4))
    #expect(count("1\n2\n3\n4\n5").overflows)
  }

  @Test("wraps a line longer than the screen is wide, but not one exactly as wide")
  func wrapping() {
    #expect(count("0123456789\n") == (false, 1))
    #expect(count("0123456789A\n") == (false, 2))
    #expect(count(String(repeating: "x", count: 41)).overflows)
  }

  @Test("counts wide characters as two columns, even split across chunks")
  func wideCharacters() {
    #expect(count("日本語日本\n", chunk: 1) == (false, 1))
    #expect(count("日本語日本語\n", chunk: 2) == (false, 2))
  }

  @Test("gives escape sequences no width")
  func escapes() {
    let bold = "\u{1B}[1m0123456789\u{1B}[0m\n"
    #expect(count(bold) == (false, 1))
  }
}
