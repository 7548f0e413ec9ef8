import SQLiteCore
import TestSupport
import Testing

@Suite("Serialize and deserialize")
struct SerializationTests {
  private func source() throws -> Connection {
    let db = try Connection()
    try db.execute("CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 'one'), (2, 'two')")
    return db
  }

  @Test("a serialized database deserializes into another connection, rows and all")
  func roundTrip() throws {
    let image = try #require(try source().serialize())
    #expect(image.count == 8192)
    #expect(Array(image.prefix(15)) == Array("SQLite format 3".utf8))
    let copy = try Connection()
    try copy.deserialize(image)
    #expect(try copy.scalar("SELECT group_concat(b) FROM t ORDER BY a") == "one,two")
    try copy.execute("INSERT INTO t VALUES (3, 'three')")
    #expect(try copy.scalar("SELECT count(*) FROM t") == 3)
    #expect(copy.serialize()?.count ?? 0 >= image.count)
  }

  @Test("a database file serializes as its pages, and the copy leaves the file as it was")
  func fromFile() throws {
    try ScratchDirectory.with("sqlitecore") { directory in
      let file = try Connection(path: directory.path("f.db"))
      try file.execute("CREATE TABLE t(a); INSERT INTO t VALUES (1)")
      let copy = try Connection()
      try copy.deserialize(try #require(file.serialize()))
      try copy.execute("DELETE FROM t")
      #expect(try file.scalar("SELECT count(*) FROM t") == 1)
      #expect(try copy.scalar("SELECT count(*) FROM t") == 0)
    }
  }

  @Test("an empty image gives an empty database; an unknown schema serializes as nil")
  func empty() throws {
    let db = try Connection()
    try db.deserialize([])
    #expect(try db.scalar("SELECT count(*) FROM sqlite_schema") == 0)
    try db.execute("CREATE TABLE t(a)")
    #expect(db.serialize(database: "nosuch") == nil)
    #expect(try Connection().serialize() == [])
  }

  @Test("a maximum size stops the copy growing past it with SQLITE_FULL")
  func maximumSize() throws {
    let db = try Connection()
    try db.deserialize(try #require(try source().serialize()), maximumSize: 9000)
    #expect {
      try db.execute("INSERT INTO t VALUES (3, randomblob(20000))")
    } throws: { error in
      (error as? SQLiteError)?.code == .full
    }
    #expect(try db.scalar("SELECT count(*) FROM t") == 2)
    let unlimited = try Connection()
    try unlimited.deserialize(try #require(try source().serialize()))
    try unlimited.execute("INSERT INTO t VALUES (3, randomblob(20000))")
  }

  @Test("deserializing into a schema that does not exist fails with SQLITE_ERROR")
  func unknownSchema() throws {
    #expect {
      try Connection().deserialize(try #require(try source().serialize()), database: "nosuch")
    } throws: { error in
      (error as? SQLiteError)?.code == .error
    }
  }
}
