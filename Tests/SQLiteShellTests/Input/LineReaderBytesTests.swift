import SQLiteCore
import SQLiteShell
import Testing

@Suite("LineReader bytes")
struct LineReaderBytesTests {
  @Test("returns each line's bytes exactly, invalid UTF-8 included, without the line end")
  func exactBytes() throws {
    let reader = LineReader(bytes: [0x61, 0xE9, 0x0D, 0x0A, 0xFF, 0x0A, 0x62])
    #expect(try #require(reader.nextText()).bytes.elementsEqual([0x61, 0xE9]))
    #expect(try #require(reader.nextText()).bytes.elementsEqual([0xFF]))
    #expect(try #require(reader.nextText()).bytes.elementsEqual([0x62]))
    #expect(reader.nextText() == nil)
  }

  @Test("the InputBuffer hands on a statement's bytes unchanged")
  func bufferKeepsBytes() {
    var buffer = InputBuffer()
    let first = SQLText(bytes: Array("SELECT 'caf".utf8) + [0xE9])
    #expect(buffer.feed(first) == .pending)
    let disposition = buffer.feed(SQLText(bytes: Array("';".utf8)))
    let expected = SQLText(bytes: Array("SELECT 'caf".utf8) + [0xE9, 0x0A] + Array("';".utf8))
    #expect(disposition == .sql(expected, line: 1))
  }
}
