import SQLiteCore
import TestSupport
import Testing

@Suite("Migrator")
struct MigratorTests {
  /// Three migrations: two tables, then a column.
  static func library() -> Migrator {
    var migrator = Migrator()
    migrator.registerMigration("create author") { db in
      try db.execute("CREATE TABLE author(id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    }
    migrator.registerMigration("create book") { db in
      try db.execute(
        "CREATE TABLE book(id INTEGER PRIMARY KEY, author_id INTEGER REFERENCES author(id))")
    }
    migrator.registerMigration("add author.born") { db in
      try db.execute("ALTER TABLE author ADD COLUMN born INTEGER")
    }
    return migrator
  }

  static func tables(_ db: Connection) throws -> [String] {
    try db.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map {
      try $0.get(0, as: String.self)
    }
  }

  @Test("runs the migrations in order, once, and records each")
  func runsInOrderOnce() throws {
    let db = try Connection()
    let migrator = Self.library()
    try migrator.migrate(db)
    #expect(try Self.tables(db) == ["author", "book", "sqlitecore_migrations"])
    #expect(
      try migrator.appliedIdentifiers(db) == ["create author", "create book", "add author.born"])
    #expect(try migrator.hasCompletedMigrations(db))
    // A second run has nothing to do (running "add author.born" again would fail).
    try migrator.migrate(db)
    #expect(try migrator.appliedIdentifiers(db).count == 3)
  }

  @Test("migrates up to a target, then on from there")
  func upToTarget() throws {
    let db = try Connection()
    let migrator = Self.library()
    try migrator.migrate(db, upTo: "create book")
    #expect(try migrator.appliedIdentifiers(db) == ["create author", "create book"])
    #expect(try !migrator.hasCompletedMigrations(db))
    try migrator.migrate(db)
    #expect(try migrator.hasCompletedMigrations(db))
    #expect(throws: MigrationError.self) { try migrator.migrate(db, upTo: "nowhere") }
  }

  @Test("a migration that fails rolls back alone and leaves the earlier ones applied")
  func failureRollsBackAlone() throws {
    let db = try Connection()
    var migrator = Self.library()
    migrator.registerMigration("half done") { db in
      try db.execute("CREATE TABLE shelf(id INTEGER PRIMARY KEY)")
      try db.execute("INSERT INTO nowhere VALUES (1)")
    }
    migrator.registerMigration("never reached") { db in
      try db.execute("CREATE TABLE never(id)")
    }
    let error = try #require(throws: MigrationError.self) { try migrator.migrate(db) }
    guard case .migrationFailed(let identifier, let underlying) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(identifier == "half done")
    #expect((underlying as? SQLiteError)?.message == "no such table: nowhere")
    #expect(
      error.description
        == "migration \"half done\" failed and was rolled back: SQLITE_ERROR (1): no such table: "
        + "nowhere - while executing `INSERT INTO nowhere VALUES (1)`")
    // The failed migration's table is gone, the three before it stay, nothing after it ran.
    #expect(try Self.tables(db) == ["author", "book", "sqlitecore_migrations"])
    #expect(try migrator.appliedIdentifiers(db).count == 3)
    #expect(!db.isInsideTransaction)
    // A ResultCode pattern sees the SQLite error inside.
    #expect(ResultCode.error ~= (error as any Error))
  }

  @Test("a database migrated further than the app knows is refused, untouched")
  func newerDatabaseRefused() throws {
    try ScratchDirectory.withFile("app.db", prefix: "sqlitecore") { path in
      var newer = Self.library()
      newer.registerMigration("create review") { db in try db.execute("CREATE TABLE review(x)") }
      try newer.migrate(Connection(path: path))

      let db = try Connection(path: path)
      var older = Migrator()
      older.registerMigration("create author") { db in
        try db.execute("CREATE TABLE author(id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
      }
      let error = try #require(throws: MigrationError.self) { try older.migrate(db) }
      guard case .unknownMigrations(let unknown) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(unknown == ["create book", "add author.born", "create review"])
      #expect(
        error.description
          == "the database was migrated by a newer version of the app: it holds migrations this "
          + "app does not know (\"create book\", \"add author.born\", \"create review\")")
      #expect(try Self.tables(db).contains("review"))
    }
  }

  @Test("a migration that leaves a foreign key violation is rolled back")
  func foreignKeysChecked() throws {
    let db = try Connection()
    try db.execute("PRAGMA foreign_keys = ON")
    var migrator = Self.library()
    migrator.registerMigration("orphan book") { db in
      try db.execute("INSERT INTO book(id, author_id) VALUES (7, 42)")
    }
    let error = try #require(throws: MigrationError.self) { try migrator.migrate(db) }
    guard case .foreignKeyViolations(let identifier, let violations) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(identifier == "orphan book")
    #expect(violations == [ForeignKeyViolation(table: "book", rowid: 7, parent: "author")])
    #expect(
      error.description
        == "migration \"orphan book\" left foreign key violations and was rolled back: "
        + "row 7 of book refers to no row of author")
    #expect(try db.scalar("SELECT count(*) FROM book", as: Int.self) == 0)
    // Enforcement is back on after the migration.
    #expect(try db.scalar("PRAGMA foreign_keys", as: Int.self) == 1)
  }

  @Test("foreign keys are off while a migration rebuilds a table, and checked after")
  func tableRebuild() throws {
    let db = try Connection()
    try db.execute("PRAGMA foreign_keys = ON")
    var migrator = Self.library()
    migrator.registerMigration("seed") { db in
      try db.execute(
        "INSERT INTO author(id, name) VALUES (1, 'Ann'); INSERT INTO book VALUES (1, 1)")
    }
    // SQLite's procedure for a change ALTER TABLE cannot make: new table, copy, drop, rename.
    migrator.registerMigration("author.name nullable") { db in
      try db.execute(
        """
        CREATE TABLE new_author(id INTEGER PRIMARY KEY, name TEXT, born INTEGER);
        INSERT INTO new_author SELECT id, name, born FROM author;
        DROP TABLE author;
        ALTER TABLE new_author RENAME TO author;
        """)
    }
    try migrator.migrate(db)
    #expect(try db.scalar("SELECT count(*) FROM book", as: Int.self) == 1)
  }

  @Test("refuses to run inside a transaction of the caller's")
  func refusesInsideTransaction() throws {
    let db = try Connection()
    try db.beginTransaction()
    let error = try #require(throws: SQLiteError.self) { try Self.library().migrate(db) }
    #expect(error.code == .misuse)
  }

  @Test("erases and migrates again when a recorded migration's definition changed")
  func erasesOnSchemaChange() throws {
    try ScratchDirectory.withFile("dev.db", prefix: "sqlitecore") { path in
      try Self.library().migrate(Connection(path: path))
      try Connection(path: path).execute("INSERT INTO author(name) VALUES ('Ann')")

      var changed = Migrator()
      changed.erasesDatabaseOnSchemaChange = true
      changed.registerMigration("create author") { db in
        try db.execute("CREATE TABLE author(id INTEGER PRIMARY KEY, name TEXT, email TEXT)")
      }
      let db = try Connection(path: path)
      try changed.migrate(db)
      #expect(try Self.tables(db) == ["author", "sqlitecore_migrations"])
      #expect(try db.scalar("SELECT count(*) FROM author", as: Int.self) == 0)
      #expect(try changed.appliedIdentifiers(db) == ["create author"])

      // Unchanged definitions keep the data.
      try db.execute("INSERT INTO author(name) VALUES ('Bea')")
      try changed.migrate(db)
      #expect(try db.scalar("SELECT count(*) FROM author", as: Int.self) == 1)
    }
  }

  @Test("a changed table whose name starts like SQLite's own (sqlitefoo) is noticed too")
  func erasesOnChangedSQLiteLikeName() throws {
    try ScratchDirectory.withFile("dev.db", prefix: "sqlitecore") { path in
      var first = Migrator()
      first.registerMigration("create") { db in try db.execute("CREATE TABLE sqlitefoo(a)") }
      try first.migrate(Connection(path: path))
      try Connection(path: path).execute("INSERT INTO sqlitefoo VALUES (1)")

      var changed = Migrator()
      changed.erasesDatabaseOnSchemaChange = true
      changed.registerMigration("create") { db in try db.execute("CREATE TABLE sqlitefoo(a, b)") }
      let db = try Connection(path: path)
      try changed.migrate(db)
      #expect(try db.scalar("SELECT count(*) FROM sqlitefoo", as: Int.self) == 0)
      #expect(try db.query("SELECT name FROM pragma_table_info('sqlitefoo')").count == 2)
    }
  }

  @Test("without the option, a changed definition is not noticed and the data stays")
  func keepsDataWithoutOption() throws {
    let db = try Connection()
    try Self.library().migrate(db)
    try db.execute("INSERT INTO author(name) VALUES ('Ann')")
    var changed = Self.library()
    changed.registerMigration("more") { db in try db.execute("CREATE TABLE more(x)") }
    try changed.migrate(db)
    #expect(try db.scalar("SELECT count(*) FROM author", as: Int.self) == 1)
  }

  @Test("the same migrator runs on a pool and on a queue")
  func asyncHandles() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let pool = try await ConnectionPool(path: directory.path())
    let migrator = Self.library()
    try await migrator.migrate(pool)
    #expect(try await migrator.hasCompletedMigrations(pool))
    let tables = try await pool.read { db in try Self.tables(db) }
    #expect(tables == ["author", "book", "sqlitecore_migrations"])
    try await pool.close()

    let queue = try await ConnectionQueue()
    try await migrator.migrate(queue, upTo: "create author")
    #expect(try await migrator.appliedIdentifiers(queue) == ["create author"])
    try await queue.close()
  }
}
