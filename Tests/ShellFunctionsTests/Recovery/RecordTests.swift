import ShellFunctions
import Testing

@Suite("Record and varint decoding")
struct RecordTests {
  @Test("varints of one, two and nine bytes, and one cut short")
  func varints() throws {
    #expect(try #require(Varint.read([0x05], at: 0, limit: 1)) == (5, 1))
    #expect(try #require(Varint.read([0x81, 0x00], at: 0, limit: 2)) == (128, 2))
    let nine = [UInt8](repeating: 0xFF, count: 9)
    #expect(try #require(Varint.read(nine, at: 0, limit: 9)) == (-1, 9))
    #expect(Varint.read([0x81, 0x80], at: 0, limit: 2) == nil)
    #expect(Varint.read([0x81, 0x00], at: 0, limit: 1) == nil)
  }

  @Test("a record of an integer, a real, text, a blob, NULL and the constants 0 and 1")
  func record() {
    let real: [UInt8] = withUnsafeBytes(of: (1.5).bitPattern.bigEndian) { Array($0) }
    let header: [UInt8] = [0x08, 0x01, 0x07, 0x11, 0x0E, 0x00, 0x08, 0x09]
    let body: [UInt8] = [0xFF] + real + Array("hi".utf8) + [0xAB]
    #expect(
      Record.decode(header + body)
        == [
          .integer(-1), .real(1.5), .text(Array("hi".utf8)), .blob([0xAB]), .null, .integer(0),
          .integer(1),
        ])
  }

  @Test("a record cut short keeps its leading fields; a bogus header gives none")
  func truncated() {
    let record: [UInt8] = [0x04, 0x01, 0x11, 0x0E, 0x07] + Array("hi".utf8) + [0xAB]
    #expect(Record.decode(Array(record.dropLast())) == [.integer(7), .text(Array("hi".utf8))])
    #expect(Record.decode([0x7F, 0x01]) == [])
    #expect(Record.decode([]) == [])
    // A reserved serial type (10) ends the record there.
    #expect(Record.decode([0x03, 0x01, 0x0A, 0x05]) == [.integer(5)])
  }

  @Test("UTF-16 text comes back as UTF-8")
  func utf16() {
    let little: [UInt8] = [0x02, 0x15, 0x68, 0x00, 0xE9, 0x00]
    #expect(Record.decode(little, textEncoding: 2) == [.text(Array("hé".utf8))])
    let big: [UInt8] = [0x02, 0x15, 0x00, 0x68, 0x00, 0xE9]
    #expect(Record.decode(big, textEncoding: 3) == [.text(Array("hé".utf8))])
  }
}
