import CSQLite
import Foundation
import SQLiteCore
import ShellFunctions
import TestSupport
import Testing

@Suite("Zipfile")
struct ZipfileTests {
  @Test(
    "the zipfile aggregate and zipfile(BLOB) match sqlite3's, bytes and errors",
    arguments: [
      "SELECT hex(zipfile(column1, column2)) IS NOT NULL FROM (VALUES('a', 'b'))",
      "SELECT hex(zipfile(column1, 420, 1577836800, column2)) FROM (VALUES('a', 'hello'),"
        + " ('b', zeroblob(5000)), ('c', ''), ('d/', NULL))",
      "SELECT hex(zipfile('x', '-rw-r--r--', 4000000000, x'', 8))",
      "SELECT hex(zipfile('dd///', 16877, 315532799, NULL))",
      "SELECT name, mode, mtime, sz, method, hex(rawdata), hex(data) FROM zipfile((SELECT"
        + " zipfile(column1, 33188, 1600000000, column2) FROM (VALUES('p', 'aaaaaaaaaaaaaaaaaaaa'),"
        + " ('q', 'short'), ('r/', NULL))))",
      "SELECT * FROM zipfile(x'')",
      "SELECT * FROM zipfile(x'504B0506000000000000000000000000000000000000')",
      "SELECT zipfile('a', 'b', 'c')",
      "SELECT zipfile('a', 'q---------', 1, 'x')",
      "SELECT zipfile('a', 1, 2, 'x', -8)",
    ])
  func matchesSQLite3(sql: String) throws {
    try expectSameAsSQLite3(sql)
  }

  @Test("what the aggregate writes, zipfile() reads back, at every 97th size to 20000")
  func roundTrips() throws {
    let sql = """
      WITH m(n, b) AS (SELECT 'f' || value, CAST(substr(hex(value * 2654435761 % 1000003)
        || printf('%.*c', value, 'z'), 1, value) AS BLOB) FROM generate_series(1, 20000, 97))
      SELECT count(*), sum(z.data = m.b), sum(z.sz = length(m.b)), sum(z.method = 8)
      FROM zipfile((SELECT zipfile(n, b) FROM m)) AS z JOIN m ON z.name = m.n
      """
    let columns = try Reference.litesh(sql).split(separator: "\n")[0].split(separator: "|")
    #expect(columns.count == 4)
    #expect(columns[0] == "207" && columns[1] == columns[0] && columns[2] == columns[0])
    #expect((Int(columns[3]) ?? 0) > 150)
  }

  /// Every prefix of an archive fails cleanly.
  ///
  /// sqlite3 reads past the end of such a blob; litesh must report an error and never crash. Only the last two bytes (the comment's length, which
  /// the end record's search does not need) can go.
  @Test("every truncation of an archive blob fails cleanly")
  func truncatedBlobs() throws {
    let whole = try #require(
      try Reference.litesh(
        "SELECT hex(zipfile(column1, column2)) FROM (VALUES('a', 'hello'), ('b', zeroblob(99)))"
      ).split(separator: "\n").first)
    let db = try Connection(path: ":memory:")
    defer { try? db.close() }
    try ShellFunctions.register(on: db)
    var readable: [Int] = []
    for length in stride(from: 0, to: whole.count, by: 2) {
      let sql = "SELECT name, length(data) FROM zipfile(x'\(whole.prefix(length))')"
      do {
        var statements = db.statements(in: sql)
        while let statement = try statements.next() { while try statement.step() {} }
        readable.append(length / 2)
      } catch {
        #expect(
          error.message.hasPrefix("zip archive is truncated")
            || error.message.hasPrefix("cannot find end of central directory record")
            || error.message.hasPrefix("failed to read"),
          "\(length / 2) bytes: \(error.message)")
      }
    }
    #expect(readable == [whole.count / 2 - 2, whole.count / 2 - 1])
  }

  /// A member declaring 2 GiB - 16 bytes: sqlite3 tries to allocate it (out of memory);
  /// litesh refuses before allocating, since 8 deflated bytes cannot make that much.
  @Test("a huge declared size is refused without allocating it")
  func hugeDeclaredSize() throws {
    var archive = try hexArchive("SELECT hex(zipfile('a', 420, 0, 'hello hello hello', 8))")
    let central = try #require(findSignature([0x50, 0x4b, 0x01, 0x02], in: archive))
    for (index, byte) in [0xF0, 0xFF, 0xFF, 0x7F].enumerated() {
      archive[central + 24 + index] = UInt8(byte)
    }
    let hex = archive.map { String(format: "%02X", $0) }.joined()
    let text = try Reference.litesh("SELECT name, sz, length(data) FROM zipfile(x'\(hex)')")
    #expect(text == "Error: inflate() failed (-3)\n")
  }

  /// A zip bomb in small: 3000 bytes declaring 5000, under a 4000-byte length limit.
  ///
  /// sqlite3 3.40.1 allocates the declared size, then fails with "string or blob too big";
  /// so does litesh, before allocating anything.
  @Test("a declared size over SQLite's length limit is too big before it is allocated")
  func declaredSizeOverLimit() throws {
    var archive = try hexArchive("SELECT hex(zipfile('a', 420, 0, printf('%.*c', 3000, 'a'), 8))")
    let central = try #require(findSignature([0x50, 0x4b, 0x01, 0x02], in: archive))
    for (index, byte) in [UInt8]([0x88, 0x13, 0, 0]).enumerated() {
      archive[central + 24 + index] = byte
    }
    let hex = archive.map { String(format: "%02X", $0) }.joined()
    let db = try Connection()
    try ShellFunctions.register(on: db)
    _ = db.withUnsafeHandle { sqlite3_limit($0, SQLITE_LIMIT_LENGTH, 4000) }
    let error = try #require(throws: SQLiteError.self) {
      try db.execute("SELECT length(data) FROM zipfile(x'\(hex)')")
    }
    #expect(error.code == .toobig && error.message == "string or blob too big")
  }

  @Test("python3's zipfile reads what the table writes, and litesh reads what python writes")
  func interoperatesWithPython() throws {
    let directory = try ScratchDirectory("litesh-zipfile")
    defer { directory.remove() }
    let mine = directory.path("mine.zip")
    _ = try Reference.litesh(
      "CREATE VIRTUAL TABLE temp.t USING zipfile('\(mine)');"
        + "INSERT INTO t(name, mtime, data) VALUES('a.txt', 1577836800, printf('%.*c', 500, 'a'));"
        + "INSERT INTO t(name, mtime, data) VALUES('dir', 1577836800, NULL);"
        + "INSERT INTO t(name, mtime, data, method) VALUES('s', 1577836800, 'stored', 0);")
    let listing = try Reference.run(
      "/usr/bin/python3",
      [
        "-c",
        "import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None;"
          + " print([(i.filename, i.file_size, i.compress_type) for i in z.infolist()])", mine,
      ], environment: [:])
    #expect(listing == "[('a.txt', 500, 8), ('dir/', 0, 0), ('s', 6, 0)]\n")
    let theirs = directory.path("theirs.zip")
    _ = try Reference.run(
      "/usr/bin/python3",
      [
        "-c",
        "import zipfile,sys; z=zipfile.ZipFile(sys.argv[1],'w',zipfile.ZIP_DEFLATED);"
          + " z.writestr('x/y.txt','hi '*50); z.writestr('e',''); z.comment=b'c'; z.close()",
        theirs,
      ], environment: [:])
    try expectSameAsSQLite3(
      "SELECT name, mode, sz, method, hex(data), length(rawdata) FROM zipfile('\(theirs)')")
  }

  private func hexArchive(_ sql: String) throws -> [UInt8] {
    let hex = Array(try Reference.litesh(sql).utf8.prefix { $0 != UInt8(ascii: "\n") })
    return stride(from: 0, to: hex.count - 1, by: 2).compactMap {
      UInt8(String(decoding: hex[$0...$0 + 1], as: UTF8.self), radix: 16)
    }
  }

  private func findSignature(_ signature: [UInt8], in bytes: [UInt8]) -> Int? {
    (0..<(bytes.count - 3)).first { Array(bytes[$0..<$0 + 4]) == signature }
  }
}
