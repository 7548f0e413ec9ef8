import Foundation
import SQLiteCore
import ShellFunctions
import TestSupport
import Testing

@Suite("Database image: pages, b-trees, overflow chains and the WAL")
struct DatabaseImageTests {
  /// A serialized database with a table `t` of 20 small rows and one 20 000-byte blob.
  static func sample() throws -> [UInt8] {
    let connection = try Connection()
    try connection.execute(
      "CREATE TABLE t(a INTEGER PRIMARY KEY, b); "
        + "WITH RECURSIVE n(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM n WHERE v < 20) "
        + "INSERT INTO t SELECT v, 'row ' || v FROM n; "
        + "CREATE TABLE big(x); INSERT INTO big VALUES(zeroblob(20000));")
    return try #require(connection.serialize())
  }

  /// Every row of the tree at `root`.
  static func rows(_ image: DatabaseImage, root: Int) -> [PageRow] {
    var visited = Set<Int>()
    var overflow: [Int] = []
    return image.treePages(root: root, visited: &visited).flatMap {
      image.rows(of: $0, overflowPages: &overflow)
    }
  }

  @Test("the schema, a table's rows and a blob over four overflow pages read back")
  func intact() throws {
    let image = DatabaseImage(file: ByteSource(bytes: try Self.sample()))
    #expect(image.hasValidHeader)
    #expect(image.pageSize == 4096)
    let schema = Self.rows(image, root: 1)
    #expect(schema.map { $0.fields[1] } == [.text(Array("t".utf8)), .text(Array("big".utf8))])
    let rows = Self.rows(image, root: 2)
    #expect(rows.count == 20)
    #expect(rows[4].rowid == 5)
    #expect(rows[4].fields == [.null, .text(Array("row 5".utf8))])
    var overflow: [Int] = []
    let big = try #require(image.btreePage(3))
    #expect(
      image.rows(of: big, overflowPages: &overflow).first?.fields == [
        .blob(Array(repeating: 0, count: 20000))
      ])
    #expect(overflow == [4, 5, 6, 7])
  }

  @Test("a looping overflow chain and a huge cell count end, with what the page holds")
  func corrupt() throws {
    var bytes = try Self.sample()
    // Page 5 (second overflow page) points back to page 4.
    bytes.replaceSubrange(4 * 4096..<4 * 4096 + 4, with: [0, 0, 0, 4])
    // Page 2's cell count claims 65535 cells.
    bytes.replaceSubrange(4096 + 3..<4096 + 5, with: [0xFF, 0xFF])
    let image = DatabaseImage(file: ByteSource(bytes: bytes))
    var overflow: [Int] = []
    let big = try #require(image.btreePage(3))
    let row = try #require(image.rows(of: big, overflowPages: &overflow).first)
    #expect(overflow == [4, 5])
    #expect(row.fields.isEmpty)
    let page = try #require(image.btreePage(2))
    #expect(page.cellCount <= 4096 / 2)
    _ = image.rows(of: page, overflowPages: &overflow)
    var visited = Set<Int>()
    #expect(image.treePages(root: 2, visited: &visited).count == 1)
  }

  @Test("a header overwritten with junk: the page size is guessed and the rows still read")
  func header() throws {
    var bytes = try Self.sample()
    bytes.replaceSubrange(0..<100, with: [UInt8](repeating: 0xAB, count: 100))
    let image = DatabaseImage(file: ByteSource(bytes: bytes))
    #expect(!image.hasValidHeader)
    #expect(image.pageSize == 4096)
    #expect(Self.rows(image, root: 2).count == 20)
  }

  @Test("committed WAL frames overlay the file; a frame with a bad checksum ends the log")
  func writeAheadLog() throws {
    let directory = try ScratchDirectory("litesh-functions")
    defer { withExtendedLifetime(directory) {} }
    let path = directory.path("w.db")
    let connection = try Connection(path: path)
    try connection.execute(
      "PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0; CREATE TABLE t(a INTEGER PRIMARY KEY, b);"
    )
    try connection.execute("INSERT INTO t VALUES(1, 'first')")
    try connection.execute("INSERT INTO t VALUES(2, 'second')")
    let file = try #require(ByteSource(readingFile: path))
    let logBytes = try #require(ByteSource(readingFile: path + "-wal"))
    let image = DatabaseImage(file: file, log: logBytes)
    let log = try #require(image.log)
    #expect(log.pageCount == 2)
    #expect(Self.rows(image, root: 2).map(\.rowid) == [1, 2])
    // Flip a byte in the last frame's page: its commit no longer counts.
    var wal = Array(try Data(contentsOf: URL(fileURLWithPath: path + "-wal")))
    wal[wal.count - 1] ^= 0xFF
    let broken = DatabaseImage(file: file, log: ByteSource(bytes: wal))
    #expect(try #require(broken.log).committedFrames == log.committedFrames - 1)
    #expect(Self.rows(broken, root: 2).map(\.rowid) == [1])
    #expect(WriteAheadLog(ByteSource(bytes: Array(wal.prefix(31)))) == nil)
    try connection.close()
  }
}
