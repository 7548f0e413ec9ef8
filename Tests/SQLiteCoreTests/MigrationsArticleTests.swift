import SQLiteCore
import TestSupport
import Testing

/// Runs the code of the DocC article Migrations.md; its blocks appear here line for line.
@Suite("Migrations article")
struct MigrationsArticleTests {
  @Test("every block of the article is in this file")
  func blocksAreHere() throws {
    try ArticleSnippets.check(article: "Migrations.md", testFile: #filePath)
  }

  @Test("the article's migrations run, and a newer database is refused")
  func overview() throws {
    let db = try Connection()
    try db.execute("PRAGMA foreign_keys = ON")
    var migrator = Migrator()
    migrator.registerMigration("create author") { db in
      try db.execute("CREATE TABLE author(id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    }
    migrator.registerMigration("create book") { db in
      try db.execute(
        """
        CREATE TABLE book(
          id INTEGER PRIMARY KEY,
          authorID INTEGER NOT NULL REFERENCES author(id),
          title TEXT NOT NULL)
        """)
    }
    try migrator.migrate(db)

    let older = migrator
    migrator.registerMigration("add author.born") { db in
      try db.execute("ALTER TABLE author ADD COLUMN born INTEGER")
    }
    try migrator.migrate(db)
    try db.execute(
      "INSERT INTO author VALUES (1, 'Ann', 1990); INSERT INTO book VALUES (1, 1, 'A')")

    migrator.registerMigration("book.title nullable") { db in
      try db.execute(
        """
        CREATE TABLE new_book(
          id INTEGER PRIMARY KEY,
          authorID INTEGER NOT NULL REFERENCES author(id),
          title TEXT);
        INSERT INTO new_book SELECT id, authorID, title FROM book;
        DROP TABLE book;
        ALTER TABLE new_book RENAME TO book;
        """)
    }
    try migrator.migrate(db)
    try db.execute("INSERT INTO book VALUES (2, 1, NULL)")
    migrator = older

    // The older app meets the newer database.
    var printed: [String] = []
    func print(_ text: String) { printed.append(text) }
    do {
      try migrator.migrate(db)
    } catch MigrationError.unknownMigrations(let identifiers) {
      print("this database needs a newer app (it has \(identifiers.joined(separator: ", ")))")
    }
    #expect(
      printed == ["this database needs a newer app (it has add author.born, book.title nullable)"])
  }

  @Test("on a pool, up to a migration, and while developing")
  func poolAndUpTo() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let path = directory.path()
    var migrator = MigratorTests.library()
    let pool = try await ConnectionPool(path: path)
    try await migrator.migrate(pool)
    let isCurrent = try await migrator.hasCompletedMigrations(pool)
    #expect(isCurrent)
    try await pool.close()

    let db = try Connection()
    try migrator.migrate(db, upTo: "create book")
    try db.execute("INSERT INTO author(id, name) VALUES (1, 'Ann')")
    try migrator.migrate(db)
    let applied = try migrator.appliedIdentifiers(db)
    #expect(applied == ["create author", "create book", "add author.born"])

    #if DEBUG
    migrator.erasesDatabaseOnSchemaChange = true
    #endif
    try migrator.migrate(db)
    #expect(try db.scalar("SELECT count(*) FROM author", as: Int.self) == 1)
  }
}
