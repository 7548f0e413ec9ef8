import SQLiteCore
import Testing

/// Every way a column's text becomes a `String`: `Statement.string(at:)`, `value(at:)`,
/// `StatementRow` (RowDecodable) and `Decodable`, against the bytes SQLite holds.
@Suite("Column text")
struct StringTextBytesTests {
  struct Item: Decodable, Equatable { var text: String }

  struct RowItem: RowDecodable, Equatable {
    var text: String
    init(row: StatementRow) { text = row.string(at: 0) }
  }

  /// The text of `SELECT <expression> AS text`, read each way; all must agree.
  func readings(_ expression: String, _ parameters: Parameters = .none) throws -> [String] {
    let db = try Connection()
    let sql = "SELECT \(expression) AS text"
    var direct = ""
    var value = Value.null
    let stepped = try db.withStatement(sql, parameters) { statement in
      let stepped = try statement.step()
      direct = statement.string(at: 0)
      value = statement.value(at: 0)
      return stepped
    }
    #expect(stepped)
    let decoded = try db.query(Item.self, sql, parameters).map(\.text)
    let rowDecoded = try db.query(RowItem.self, sql, parameters).map(\.text)
    guard case .text(let valueText) = value else { return [direct, "not text: \(value)"] }
    return [direct, valueText] + decoded + rowDecoded
  }

  @Test("ASCII text of every length up to 40 bytes reads back as it was bound")
  func asciiLengths() throws {
    let source = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH"
    for length in 0...40 {
      let text = String(source.prefix(length))
      #expect(try readings("?", [text]) == Array(repeating: text, count: 4), "length \(length)")
    }
  }

  @Test(
    "non-ASCII text at any position reads back as it was bound",
    arguments: ["é", "日本語", "🎉", "abcdefghijklmnopqrstuvwxyé", "é-abcdefghijklmnopqrstuvwxyz"])
  func nonASCII(text: String) throws {
    #expect(try readings("?", [text]) == Array(repeating: text, count: 4))
  }

  @Test("embedded NUL bytes are kept, whatever the length")
  func embeddedNul() throws {
    for text in ["a\u{0}b", "\u{0}", "abcdefghij\u{0}klmnopqrstuvwxyz\u{0}"] {
      let read = try readings("?", [text])
      #expect(read == Array(repeating: text, count: 4))
      #expect(read.allSatisfy { $0.utf8.count == text.utf8.count })
    }
  }

  @Test(
    "invalid UTF-8 stored as text is repaired with U+FFFD, as String(decoding:as:) does",
    arguments: [
      ("x'61ff62'", "a\u{FFFD}b"),
      ("x'e282'", "\u{FFFD}"),
      ("x'c0af'", "\u{FFFD}\u{FFFD}"),
      ("x'6162636465666768696a6b6c6d6e6f707172737475ff'", "abcdefghijklmnopqrstu\u{FFFD}"),
    ])
  func invalidUTF8(blob: String, repaired: String) throws {
    #expect(try readings("CAST(\(blob) AS TEXT)") == Array(repeating: repaired, count: 4))
  }

  @Test("withUnsafeText hands out the stored bytes unrepaired")
  func rawBytes() throws {
    let db = try Connection()
    let statement = try db.prepare("SELECT CAST(x'61ff00' AS TEXT), NULL, '', 42, 2.5")
    #expect(try statement.step())
    #expect(statement.withUnsafeText(at: 0) { Array($0) } == [0x61, 0xFF, 0x00])
    #expect(statement.withUnsafeText(at: 1) { $0.count } == 0)
    #expect(statement.withUnsafeText(at: 2) { $0.count } == 0)
    #expect(statement.withUnsafeText(at: 3) { Array($0) } == Array("42".utf8))
    #expect(statement.withUnsafeText(at: 4) { Array($0) } == Array("2.5".utf8))
  }

  @Test("NULL reads as the empty string, and as NULL through value(at:)")
  func nullAndEmpty() throws {
    let db = try Connection()
    let statement = try db.prepare("SELECT NULL, ''")
    #expect(try statement.step())
    #expect(statement.string(at: 0) == "")
    #expect(statement.string(at: 1) == "")
    #expect(statement.value(at: 0) == .null)
    #expect(statement.value(at: 1) == .text(""))
    #expect(try readings("''") == ["", "", "", ""])
  }
}
