import SQLiteCore
import Synchronization
import TestSupport
import Testing

/// How the writer's hooks record a transaction's tables: the C names compared on their bytes,
/// the last commit's set told again while the tables repeat, the user's row handler beside it.
@Suite("ConnectionPool changes: what the writer's hooks record")
struct ConnectionPoolChangeRecordingTests {
  /// The rows a user's row-change handler saw.
  final class SeenRows: Sendable {
    let rows = Mutex<[RowChange]>([])
    func append(_ row: RowChange) { rows.withLock { $0.append(row) } }
    var all: [RowChange] { rows.withLock { $0 } }
  }

  /// The elements a stream gave so far, collected by a task of their own.
  final class SeenCommits: Sendable {
    let commits = Mutex<[CommittedChanges]>([])
    var all: [CommittedChanges] { commits.withLock { $0 } }

    /// Collects `stream` until it ends or the task is cancelled.
    func collect(_ stream: AsyncStream<CommittedChanges>) -> Task<Void, Never> {
      Task { for await change in stream { commits.withLock { $0.append(change) } } }
    }

    /// Whether exactly `expected` arrived, waiting for them with a deadline.
    func are(_ expected: [Set<String>]) async -> Bool {
      let wanted = expected.map { CommittedChanges(tables: $0) }
      return await eventually { self.all == wanted }
    }
  }

  private func recipe(_ schema: String, _ configuration: ConnectionPool.Configuration = .init())
    -> PoolRecipe
  {
    PoolRecipe(schema: schema, configuration)
  }

  /// Runs `body` on a pool of `schema` whose `changes()` a task collects into `seen`.
  private func withCollectedChanges(
    _ schema: String, _ configuration: ConnectionPool.Configuration = .init(),
    isolation: isolated (any Actor)? = #isolation,
    _ body: (ConnectionPool, SeenCommits) async throws -> Void
  ) async throws {
    try await withPool(recipe(schema, configuration)) { pool in
      let seen = SeenCommits()
      let collector = seen.collect(try await pool.changes())
      defer { collector.cancel() }
      try await body(pool, seen)
    }
  }

  @Test("a user's row-change handler and the pool's both see every row, set together or alone")
  func userAndLibraryHandlers() async throws {
    try await withPool(recipe("CREATE TABLE a(x); CREATE TABLE b(y)")) { pool in
      let seen = SeenRows()
      // The user's alone, then both (the pool's installed second), then the pool's alone.
      try await pool.write { db in
        db.onRowChange { seen.append($0) }
        try db.execute("INSERT INTO a VALUES (1)")
      }
      let stream = try await pool.changes()
      var iterator = stream.makeAsyncIterator()
      try await pool.write { db in
        try db.execute("INSERT INTO a VALUES (2), (3); INSERT INTO b VALUES (4)")
        try db.execute("DELETE FROM a WHERE x > 0")
      }
      try await pool.write { db in
        try db.execute("UPDATE b SET y = 5")
        db.onRowChange(nil)
      }
      try await pool.write { db in try db.execute("INSERT INTO b VALUES (6)") }
      #expect(
        seen.all == [
          RowChange(kind: .insert, database: "main", table: "a", rowID: 1),
          RowChange(kind: .insert, database: "main", table: "a", rowID: 2),
          RowChange(kind: .insert, database: "main", table: "a", rowID: 3),
          RowChange(kind: .insert, database: "main", table: "b", rowID: 1),
          RowChange(kind: .delete, database: "main", table: "a", rowID: 1),
          RowChange(kind: .delete, database: "main", table: "a", rowID: 2),
          RowChange(kind: .delete, database: "main", table: "a", rowID: 3),
          RowChange(kind: .update, database: "main", table: "b", rowID: 1),
        ])
      #expect(await iterator.next() == CommittedChanges(tables: ["a", "b"]))
      #expect(await iterator.next() == CommittedChanges(tables: ["b"]))
      #expect(await iterator.next() == CommittedChanges(tables: ["b"]))
      // The user's handler set again after the pool's: both still see rows.
      try await pool.write { db in
        db.onRowChange { seen.append($0) }
        try db.execute("INSERT INTO a VALUES (7)")
      }
      #expect(seen.all.count == 9)
      #expect(seen.all.last == RowChange(kind: .insert, database: "main", table: "a", rowID: 1))
      #expect(await iterator.next() == CommittedChanges(tables: ["a"]))
    }
  }

  @Test("commits touching the same, fewer, other and more tables each report exactly theirs")
  func tableSetsFromCommitToCommit() async throws {
    let schema = "CREATE TABLE a(x); CREATE TABLE b(x); CREATE TABLE c(x); CREATE TABLE d(x)"
    try await withPool(recipe(schema)) { pool in
      let stream = try await pool.changes()
      var iterator = stream.makeAsyncIterator()
      let commits: [(String, Set<String>)] = [
        ("a b c", ["a", "b", "c"]),
        ("c a b a", ["a", "b", "c"]),
        ("d", ["d"]),
        ("a b c d", ["a", "b", "c", "d"]),
        ("a b", ["a", "b"]),
        ("b a", ["a", "b"]),
        ("b c", ["b", "c"]),
        ("c d a", ["a", "c", "d"]),
        ("a", ["a"]),
      ]
      for (tables, _) in commits {
        try await pool.write { db in
          for table in tables.split(separator: " ") {
            try db.execute("INSERT INTO \(table) VALUES (1)")
          }
        }
      }
      for (tables, expected) in commits {
        #expect(await iterator.next() == CommittedChanges(tables: expected), "\(tables)")
      }
    }
  }

  @Test("after a commit to more than 64 tables, a commit to its first 64 reports those 64")
  func moreTablesThanBits() async throws {
    let names = (0..<70).map { "t\($0)" }
    let schema = names.map { "CREATE TABLE \($0)(x)" }.joined(separator: "; ")
    try await withPool(recipe(schema)) { pool in
      let stream = try await pool.changes()
      var iterator = stream.makeAsyncIterator()
      for count in [70, 64, 70] {
        try await pool.write { db in
          for name in names.prefix(count) { try db.execute("INSERT INTO \(name) VALUES (1)") }
        }
      }
      #expect(await iterator.next() == CommittedChanges(tables: Set(names)))
      #expect(await iterator.next() == CommittedChanges(tables: Set(names.prefix(64))))
      #expect(await iterator.next() == CommittedChanges(tables: Set(names)))
    }
  }

  @Test("tables whose names differ only in case are told apart as SQLite does")
  func namesDifferingInCase() async throws {
    // SQLite folds ASCII case only: `Users` and `users` are one table, `é` and `É` two.
    let schema = "CREATE TABLE Users(x); CREATE TABLE \"é\"(x); CREATE TABLE \"É\"(x)"
    try await withPool(recipe(schema)) { pool in
      let stream = try await pool.changes()
      var iterator = stream.makeAsyncIterator()
      for statements in [
        "INSERT INTO users VALUES (1); INSERT INTO USERS VALUES (2)",
        "INSERT INTO \"É\" VALUES (1)",
        "INSERT INTO \"é\" VALUES (1)",
        "INSERT INTO \"é\" VALUES (2); INSERT INTO \"É\" VALUES (2)",
      ] {
        try await pool.write { db in try db.execute(statements) }
      }
      let users = await iterator.next()
      #expect(users == CommittedChanges(tables: ["Users"]))
      #expect(users?.contains("users") == true)
      #expect(await iterator.next() == CommittedChanges(tables: ["É"]))
      #expect(await iterator.next() == CommittedChanges(tables: ["é"]))
      #expect(await iterator.next() == CommittedChanges(tables: ["é", "É"]))
    }
  }

  @Test("rows of attached and temporary databases are not reported, whatever their names")
  func otherDatabasesIgnored() async throws {
    try await withPool(recipe("CREATE TABLE a(x); CREATE TABLE b(x)")) { pool in
      let stream = try await pool.changes()
      var iterator = stream.makeAsyncIterator()
      try await pool.writeWithoutTransaction { db in
        for name in ["mai", "mainly", "Main2", "other"] {
          try db.execute("ATTACH ':memory:' AS \"\(name)\"; CREATE TABLE \"\(name)\".a(x)")
        }
        try db.execute("CREATE TEMP TABLE t(x)")
      }
      try await pool.write { db in
        for name in ["mai", "mainly", "Main2", "other", "temp"] {
          try db.execute("INSERT INTO \"\(name)\".\(name == "temp" ? "t" : "a") VALUES (1)")
        }
        try db.execute("INSERT INTO main.b VALUES (1)")
      }
      try await pool.write { db in try db.execute("INSERT INTO other.a VALUES (2)") }
      try await pool.write { db in try db.execute("INSERT INTO a VALUES (2)") }
      // The commit to `other` alone writes no WAL of the main database: no element.
      #expect(await iterator.next() == CommittedChanges(tables: ["b"]))
      #expect(await iterator.next() == CommittedChanges(tables: ["a"]))
    }
  }

  @Test("a rolled-back or vetoed transaction reports nothing and leaves nothing in the next commit")
  func rollbackReportsNothing() async throws {
    try await withPool(recipe("CREATE TABLE a(x); CREATE TABLE b(x); CREATE TABLE c(x)")) { pool in
      let stream = try await pool.changes()
      var iterator = stream.makeAsyncIterator()
      try await pool.write { db in try db.execute("INSERT INTO a VALUES (1)") }
      try await pool.writeWithoutTransaction { db in
        try db.execute("BEGIN; INSERT INTO c VALUES (1); INSERT INTO b VALUES (1); ROLLBACK")
      }
      struct Veto: Error {}
      await #expect(throws: SQLiteError.self) {
        try await pool.writeWithoutTransaction { db in
          db.onCommit { throw Veto() }
          defer { db.onCommit(nil) }
          try db.execute("INSERT INTO c VALUES (2)")
        }
      }
      try await pool.write { db in try db.execute("INSERT INTO a VALUES (2)") }
      try await pool.write { db in try db.execute("INSERT INTO b VALUES (3)") }
      #expect(await iterator.next() == CommittedChanges(tables: ["a"]))
      #expect(await iterator.next() == CommittedChanges(tables: ["a"]))
      #expect(await iterator.next() == CommittedChanges(tables: ["b"]))
      let count = try await pool.read { db in try db.scalar("SELECT count(*) FROM c", as: Int.self)
      }
      #expect(count == 0)
    }
  }

  @Test("a write setting PRAGMA wal_autocheckpoint reports its commit at once, and every later one")
  func autoCheckpointPragmaInTheWrite() async throws {
    try await withCollectedChanges("CREATE TABLE a(x); CREATE TABLE b(x)") { pool, seen in
      // The pragma replaces the WAL hook that reports commits: inside the write's transaction,
      var expected: [Set<String>] = [["a"]]
      try await pool.write { db in
        try db.execute("PRAGMA wal_autocheckpoint = 100; INSERT INTO a VALUES (1)")
      }
      #expect(await seen.are(expected))
      // without one, where the INSERT commits by itself,
      expected.append(["b"])
      try await pool.writeWithoutTransaction { db in
        try db.execute("PRAGMA wal_autocheckpoint = 200")
        try db.execute("INSERT INTO b VALUES (1)")
      }
      #expect(await seen.are(expected), "\(seen.all)")
      // and in a write of its own, before writes that set none.
      try await pool.writeWithoutTransaction { db in
        try db.execute("PRAGMA wal_autocheckpoint = 300")
      }
      for table in ["a", "b", "a"] {
        expected.append([table])
        try await pool.write { db in try db.execute("INSERT INTO \(table) VALUES (2)") }
        #expect(await seen.are(expected), "\(table): \(seen.all)")
      }
    }
  }

  @Test("after PRAGMA wal_autocheckpoint the automatic checkpoint runs at its new page count")
  func autoCheckpointAtThePragmasPages() async throws {
    var configuration = ConnectionPool.Configuration()
    configuration.autoCheckpointPages = 100_000
    try await withCollectedChanges("CREATE TABLE b(x)", configuration) { pool, seen in
      try await pool.writeWithoutTransaction { db in
        try db.execute("PRAGMA wal_autocheckpoint = 4")
      }
      for value in 0..<50 {
        try await pool.write { db in
          try db.execute("INSERT INTO b VALUES (?)", [String(repeating: "x", count: 3000 + value)])
        }
      }
      #expect(await seen.are(Array(repeating: ["b"], count: 50)))
      // 50 commits of two pages or more each: checkpointed every 4 frames, the WAL restarts
      // from its start; at the configuration's 100,000 it would hold 100 frames or more.
      let result = try await pool.checkpoint(.passive)
      #expect(result.logFrames < 20)
    }
  }

  @Test("a commit touching only temporary tables reports nothing and leaves nothing behind")
  func temporaryOnlyCommit() async throws {
    try await withCollectedChanges("CREATE TABLE a(x); CREATE TABLE b(x)") { pool, seen in
      try await pool.writeWithoutTransaction { db in try db.execute("CREATE TEMP TABLE t(x)") }
      try await pool.write { db in try db.execute("INSERT INTO a VALUES (1)") }
      #expect(await seen.are([["a"]]))
      // Its own commit writes no WAL of the main database: no element.
      try await pool.write { db in try db.execute("INSERT INTO temp.t VALUES (1)") }
      try await pool.write { db in try db.execute("INSERT INTO b VALUES (1)") }
      #expect(await seen.are([["a"], ["b"]]))
      // Committing by itself, its row is counted after its commit.
      try await pool.writeWithoutTransaction { db in
        try db.execute("INSERT INTO temp.t VALUES (2)")
      }
      try await pool.write { db in try db.execute("INSERT INTO b VALUES (2)") }
      try await pool.write { db in try db.execute("INSERT INTO a VALUES (2)") }
      #expect(await seen.are([["a"], ["b"], ["b"], ["a"]]))
    }
  }

  @Test("a statement committing by itself reports its tables, or nil for rows SQLite did not tell")
  func autocommitStatements() async throws {
    try await withCollectedChanges("CREATE TABLE a(x); CREATE TABLE b(x)") { pool, seen in
      // SQLite counts a statement's changes when it ends, after its own commit.
      try await pool.writeWithoutTransaction { db in try db.execute("INSERT INTO b VALUES (1)") }
      try await pool.write { db in try db.execute("INSERT INTO a VALUES (1)") }
      #expect(await seen.are([["b"], ["a"]]), "\(seen.all)")
      // A DELETE without WHERE clears the table at once, reporting no row.
      try await pool.writeWithoutTransaction { db in try db.execute("DELETE FROM a") }
      #expect(await eventually { seen.all.count == 3 })
      #expect(seen.all.last == CommittedChanges(tables: nil))
      try await pool.write { db in try db.execute("INSERT INTO b VALUES (2)") }
      #expect(await eventually { seen.all.count == 4 })
      #expect(seen.all.last == CommittedChanges(tables: ["b"]))
    }
  }

  @Test(
    "a statement that commits when reset, not stepped to its end, is reported before the next write"
  )
  func commitInReset() async throws {
    try await withCollectedChanges("CREATE TABLE a(x); CREATE TABLE b(x)") { pool, seen in
      // `scalar` reads the first row and resets: the autocommit INSERT … RETURNING commits in
      // sqlite3_reset, where SQLite calls the commit hook but not the WAL hook.
      let first = try await pool.writeWithoutTransaction { db in
        try db.scalar("INSERT INTO a VALUES (1), (2) RETURNING x", as: Int.self)
      }
      #expect(first == 1)
      #expect(await seen.are([["a"]]), "\(seen.all)")
      try await pool.write { db in try db.execute("INSERT INTO b VALUES (1)") }
      #expect(await seen.are([["a"], ["b"]]), "\(seen.all)")
      // In one access: reported with the next commit, and kept through a rollback between.
      try await pool.writeWithoutTransaction { db in
        _ = try db.scalar("INSERT INTO a VALUES (3), (4) RETURNING x", as: Int.self)
        try db.execute("INSERT INTO b VALUES (2)")
      }
      #expect(await seen.are([["a"], ["b"], ["a", "b"]]), "\(seen.all)")
      try await pool.writeWithoutTransaction { db in
        _ = try db.scalar("INSERT INTO a VALUES (5), (6) RETURNING x", as: Int.self)
        try db.execute("BEGIN; INSERT INTO b VALUES (3); ROLLBACK")
      }
      #expect(await seen.are([["a"], ["b"], ["a", "b"], ["a"]]), "\(seen.all)")
      let rows = try await pool.read { db in
        try db.scalar("SELECT count(*) FROM a", as: Int.self)
      }
      #expect(rows == 6)
    }
  }
}
