import SQLiteCore
import Testing

@Suite("Incremental blob I/O")
struct BlobTests {
  private func database() throws -> Connection {
    let db = try Connection()
    try db.execute("CREATE TABLE f(id INTEGER PRIMARY KEY, data BLOB, name TEXT)")
    try db.execute("INSERT INTO f VALUES (1, zeroblob(64), 'one'), (2, x'0102030405', 'two')")
    return db
  }

  @Test("writes in place, reads back ranges, and the row sees the bytes")
  func readWrite() throws {
    let db = try database()
    let blob = try Blob(in: db, table: "f", column: "data", row: 1, writable: true)
    #expect(blob.count == 64)
    try blob.write([0xAA, 0xBB, 0xCC], at: 10)
    try blob.write(ArraySlice([1, 2, 3, 4])[1...], at: 60)
    #expect(try blob.read(count: 4, at: 9) == [0, 0xAA, 0xBB, 0xCC])
    var buffer = [UInt8](repeating: 9, count: 3)
    try buffer.withUnsafeMutableBytes { try blob.read(into: $0, at: 61) }
    #expect(buffer == [3, 4, 0])
    blob.close()
    #expect(try db.scalar("SELECT hex(substr(data, 11, 3)) FROM f WHERE id = 1") == "AABBCC")
    #expect(try db.scalar("SELECT length(data) FROM f WHERE id = 1") == 64)
  }

  @Test("past the end, read-only handles and unknown rows are errors that change nothing")
  func errors() throws {
    let db = try database()
    let blob = try Blob(in: db, table: "f", column: "data", row: 2)
    #expect(try blob.read(count: 5, at: 0) == [1, 2, 3, 4, 5])
    #expect(throws: SQLiteError.self) { try blob.read(count: 2, at: 4) }
    #expect(throws: SQLiteError.self) { try blob.read(count: -1, at: 0) }
    let readOnly = try #require(throws: SQLiteError.self) { try blob.write([7], at: 0) }
    #expect(readOnly.code == .readonly)
    #expect(throws: SQLiteError.self) {
      try Blob(in: db, table: "f", column: "data", row: 99)
    }
    #expect(throws: SQLiteError.self) {
      try Blob(in: db, table: "nosuch", column: "data", row: 1)
    }
    #expect(try db.scalar("SELECT hex(data) FROM f WHERE id = 2") == "0102030405")
  }

  @Test("reopen points the handle at another row; a change to the row expires it for good")
  func expiryAndReopen() throws {
    let db = try database()
    let blob = try Blob(in: db, table: "f", column: "data", row: 1)
    try blob.reopen(row: 2)
    #expect(blob.count == 5)
    #expect(try blob.read(count: 2, at: 3) == [4, 5])
    try db.execute("UPDATE f SET name = 'deux' WHERE id = 2")
    let expired = try #require(throws: SQLiteError.self) { try blob.read(count: 1, at: 0) }
    #expect(expired.code == .abort)
    let again = try #require(throws: SQLiteError.self) { try blob.reopen(row: 1) }
    #expect(again.code == .abort)
    let fresh = try Blob(in: db, table: "f", column: "data", row: 1)
    #expect(throws: SQLiteError.self) { try fresh.reopen(row: 42) }
    #expect(throws: SQLiteError.self) { try fresh.read(count: 1, at: 0) }
  }

  @Test("a closed handle or connection refuses use; the connection closes with a handle open")
  func closing() throws {
    let db = try database()
    let blob = try Blob(in: db, table: "f", column: "name", row: 1)
    #expect(try blob.read(count: 3, at: 0) == Array("one".utf8))
    try db.close()
    #expect(blob.count == 0)
    let closed = try #require(throws: SQLiteError.self) { try blob.read(count: 1, at: 0) }
    #expect(closed.code == .misuse)
    blob.close()
    blob.close()
  }

  /// Counts the calls of a hook.
  private final class Calls: @unchecked Sendable { var count = 0 }

  @Test("a handle open at close keeps the hooks alive: closing it commits and runs them")
  func hooksOutliveClose() throws {
    let db = try database()
    let blob = try Blob(in: db, table: "f", column: "data", row: 1, writable: true)
    try blob.write([1], at: 0)
    var calls: Calls? = Calls()
    weak let watched = calls
    db.onCommit { [calls] in calls?.count += 1 }
    calls = nil
    // SQLite keeps the connection as a zombie until the handle goes, and finalizing the
    // handle's statement commits: the commit hook's closure must still be there.
    try db.close()
    let alive = try #require(watched, "the commit hook was released while SQLite still had it")
    blob.close()
    #expect(alive.count == 1)
  }
}
