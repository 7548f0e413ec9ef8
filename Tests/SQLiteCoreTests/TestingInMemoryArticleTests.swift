import SQLiteCore
import TestSupport
import Testing

// The code of the DocC article TestingInMemory.md, line for line, and the test it shows.

struct NoteStore {
  let database: any AsyncDatabase

  func add(_ text: String) async throws {
    try await database.write { db in
      try db.execute("INSERT INTO note(text) VALUES (?)", [text])
    }
  }

  func count() async throws -> Int {
    try await database.read { db in
      try db.scalar("SELECT count(*) FROM note", as: Int.self) ?? 0
    }
  }
}

func openNotes(path: String? = nil) async throws -> any AsyncDatabase {
  var migrator = Migrator()
  migrator.registerMigration("create note") { db in
    try db.execute("CREATE TABLE note(id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
  }
  let database: any AsyncDatabase =
    if let path { try await ConnectionPool(path: path) } else { try await ConnectionQueue() }
  try await migrator.migrate(database)
  return database
}

@Test func addingANoteCountsIt() async throws {
  let store = NoteStore(database: try await openNotes())
  try await store.add("buy milk")
  #expect(try await store.count() == 1)
}

@Suite("Testing in memory article")
struct TestingInMemoryArticleTests {
  @Test("every block of the article is in this file")
  func blocksAreHere() throws {
    try ArticleSnippets.check(article: "TestingInMemory.md", testFile: #filePath)
  }

  @Test("the same store runs on a pool on a file, and queues in memory share nothing")
  func poolToo() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let pool = try await openNotes(path: directory.path())
    let store = NoteStore(database: pool)
    try await store.add("one")
    try await store.add("two")
    #expect(try await store.count() == 2)
    try await pool.close()
    #expect(try await NoteStore(database: openNotes()).count() == 0)
  }
}
