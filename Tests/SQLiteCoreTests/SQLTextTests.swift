import SQLiteCore
import Testing

@Suite("SQLText")
struct SQLTextTests {
  /// `'caf` + Latin-1 `é` + `'`: not valid UTF-8.
  let latin1Literal: [UInt8] = Array("'caf".utf8) + [0xE9] + Array("'".utf8)

  @Test("statements(in:) passes bytes that are not UTF-8 to SQLite unchanged")
  func bytesReachSQLite() throws {
    let connection = try Connection(path: ":memory:")
    let sql = SQLText(bytes: Array("SELECT hex(".utf8) + latin1Literal + Array(");".utf8))
    #expect(!sql.isValidUTF8)
    var statements = connection.statements(in: sql)
    let statement = try #require(try statements.next())
    #expect(try statement.step())
    #expect(statement.string(at: 0) == "636166E9")
    // The String API replaces the byte with U+FFFD, as Swift's String does.
    let lossy: String? = try connection.scalar("SELECT hex(\(sql.string.dropFirst(11))")
    #expect(lossy == "636166EFBFBD")
  }

  @Test("isComplete reads the bytes as they are")
  func complete() {
    #expect(Connection.isComplete(SQLText(bytes: Array("SELECT ".utf8) + latin1Literal + [0x3B])))
    #expect(
      !Connection.isComplete(SQLText(bytes: Array("SELECT ".utf8) + latin1Literal.dropLast())))
  }

  @Test("an error quoting bytes that are not UTF-8 keeps them in messageBytes")
  func errorBytes() throws {
    let connection = try Connection(path: ":memory:")
    var statements = connection.statements(
      in: SQLText(bytes: Array("SELECT 1; SELECT caf".utf8) + [0xE9] + Array(";".utf8)))
    _ = try statements.next()
    let error = try #require(throws: SQLiteError.self) { _ = try statements.next() }
    #expect(error.messageBytes == Array("no such column: caf".utf8) + [0xE9])
    #expect(error.message == "no such column: caf\u{FFFD}")
    #expect(Array(statements.remainingBytes.bytes) == Array("SELECT caf".utf8) + [0xE9, 0x3B])
  }

  @Test("appending keeps the bytes and their order")
  func appending() {
    var text = SQLText("ab")
    text.append(0xFF)
    text.append(SQLText("c"))
    text.append(contentsOf: [0x00, 0x64])
    #expect(Array(text.bytes) == [0x61, 0x62, 0xFF, 0x63, 0x00, 0x64])
    #expect(text.count == 6)
    #expect(SQLText().isEmpty)
    #expect(SQLText("é").isValidUTF8)
  }
}
