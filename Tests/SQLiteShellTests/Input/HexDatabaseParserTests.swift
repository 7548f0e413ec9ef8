import Testing

@testable import SQLiteShell

/// sqlite3's `readHexDb` rules: the header, page offsets, rows of sixteen bytes, the end line,
/// and the line an error is reported on.
@Suite("HexDatabaseParser")
struct HexDatabaseParserTests {
  /// Feeds `lines` and then the end of input; the first step that is not `.needsMore`.
  private func parse(_ lines: [String], after: Int = 0, skips: Bool = true)
    -> HexDatabaseParser.Step
  {
    var parser = HexDatabaseParser(after: after, skipsAfterError: skips)
    for line in lines {
      let step = parser.feed(Array(line.utf8))
      if step != .needsMore { return step }
    }
    return parser.finish()
  }

  @Test("rounds the size up to whole pages and writes rows at the page's offset")
  func image() throws {
    let step = parse([
      "| size 600 pagesize 512 filename x.db", "| page 2 offset 512",
      "|  16: 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f ff", "| end x.db",
    ])
    guard case .finished(let image) = step else { throw Failure(step) }
    #expect(image.count == 1024)
    #expect(image[528] == 1 && image[543] == 255)
    #expect(image.filter { $0 != 0 }.count == 16)
  }

  @Test("ignores short rows, rows outside the image, and other lines; no end line is fine")
  func ignored() throws {
    let step = parse([
      "| size 512 pagesize 512", "|  0: 01 02",
      "|  500: 01 02 03 04 05 06 07 08 09 0a 0b 0c"
        + " 0d 0e 0f 10", "|  -16: 01 01 01 01 01 01 01 01 01 01 01 01 01 01 01 01", "junk",
    ])
    guard case .finished(let image) = step else { throw Failure(step) }
    #expect(image == [UInt8](repeating: 0, count: 512))
  }

  @Test("refuses page sizes that are not a power of two from 512 to 65536, and negative sizes")
  func badHeaders() {
    for header in [
      "| size 1 pagesize 256", "| size 1 pagesize 131072", "| size 1 pagesize 1000",
      "| size -1 pagesize 512", "| size 1", "size 1 pagesize 512",
    ] {
      #expect(parse([header], skips: false) == .failed(line: 1), "\(header)")
    }
  }

  @Test("from the shell's input, a bad header skips to the end line, which gives the number")
  func skipping() {
    #expect(
      parse(["| bad", "SELECT 1;", "| end", "| end x", "SELECT 2;"], after: 4) == .failed(line: 8))
    #expect(parse(["| bad", "SELECT 1;"], after: 4) == .failed(line: 6))
    #expect(parse([], after: 4) == .failed(line: 5))
  }

  @Test("counts lines as sqlite3 does: the end line, or one past the last line at the end")
  func lineNumbers() {
    var parser = HexDatabaseParser(after: 3, skipsAfterError: true)
    _ = parser.feed(Array("| size 0 pagesize 512".utf8))
    _ = parser.feed(Array("| page 1 offset 0".utf8))
    #expect(parser.feed(Array("| end ".utf8)) == .finished([]))
    #expect(parser.lineNumber == 6)
  }

  @Test("a size sqlite3 cannot allocate is out of memory")
  func tooLarge() {
    #expect(parse(["| size 2147483000 pagesize 4096"]) == .outOfMemory)
  }

  private struct Failure: Error {
    init(_ step: HexDatabaseParser.Step) { description = "\(step)" }
    let description: String
  }
}
