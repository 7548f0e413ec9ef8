import SQLiteCore
import TestSupport
import Testing

/// When the writer's count of reported rows can be trusted: the update hook reports rows one by
/// one, `sqlite3_total_changes64` counts those of the statements that succeeded, and a commit's
/// tables are `nil` (any table) when the two disagree.
@Suite("ConnectionPool changes: counting the rows SQLite reported")
struct ConnectionPoolChangeCountingTests {
  /// A way the writer runs a statement that fails on its second row.
  enum FailingStep: String, CaseIterable, CustomTestStringConvertible {
    case execute, executeWithValues, stepOnceAndReset, runningAtOnce

    var testDescription: String { rawValue }

    /// Runs `INSERT INTO a VALUES (1), (1)` this way; whether it failed with a constraint error.
    func insertTwice(_ db: Connection) throws -> Bool {
      let sql = "INSERT INTO a VALUES (?), (?)"
      do {
        switch self {
        case .execute: try db.execute("INSERT INTO a VALUES (1), (1)")
        case .executeWithValues: try db.execute(sql, 1, 1)
        case .stepOnceAndReset:
          let statement = try db.prepare(sql)
          try statement.bind(1, 1)
          try statement.stepOnceAndReset()
        case .runningAtOnce:
          var statements = db.statements(in: "INSERT INTO a VALUES (1), (1)")
          guard case .failed(let error) = try statements.nextRunningAtOnce(unless: { false })
          else { return false }
          throw error
        }
      } catch ResultCode.constraint {
        return true
      }
      return false
    }
  }

  @Test(
    "a statement rolled back on its second row and a DELETE without WHERE of as many rows report any table",
    arguments: FailingStep.allCases)
  func abortedRowsBalancingTruncatedOnes(_ step: FailingStep) async throws {
    let schema = "CREATE TABLE a(x UNIQUE); CREATE TABLE b(y); INSERT INTO b VALUES (1)"
    try await withPool(PoolRecipe(schema: schema)) { pool in
      var changes = try await pool.changes().makeAsyncIterator()
      // The update hook reports the first row of `a`, which SQLite rolls back and never counts;
      // the truncating DELETE counts one row of `b` and reports none.
      try await pool.write { db in
        #expect(try step.insertTwice(db))
        try db.execute("DELETE FROM b")
      }
      try await pool.write { db in try db.execute("INSERT INTO a VALUES (2)") }
      let truncating = try #require(await changes.next())
      #expect(truncating.contains("b"), "\(truncating)")
      #expect(truncating.tables == nil)
      // The next commit counts afresh: its tables are known again.
      #expect(await changes.next() == CommittedChanges(tables: ["a"]))
    }
  }

  @Test("a failed statement in a transaction that rolls back leaves the next commit's tables known")
  func failedStatementThenRollback() async throws {
    let schema = "CREATE TABLE a(x UNIQUE); CREATE TABLE b(y)"
    try await withPool(PoolRecipe(schema: schema)) { pool in
      var changes = try await pool.changes().makeAsyncIterator()
      try await pool.writeWithoutTransaction { db in
        try db.execute("BEGIN")
        #expect(try FailingStep.execute.insertTwice(db))
        try db.execute("ROLLBACK")
      }
      try await pool.write { db in try db.execute("INSERT INTO b VALUES (1)") }
      #expect(await changes.next() == CommittedChanges(tables: ["b"]))
    }
  }

  /// A `COMMIT` that fails with `SQLITE_BUSY` leaves its transaction open, to be retried.
  ///
  /// SQLite takes every lock a `COMMIT` needs before it calls the commit hook
  /// (`sqlite3PagerExclusiveLock` in `vdbeCommit`): one that fails with `SQLITE_BUSY` has not
  /// called it, so the transaction's tables are still those recorded, and the retry commits
  /// them. A `COMMIT` cannot call the hook and then fail with `SQLITE_BUSY`: any other failure
  /// after the hook rolls the transaction back.
  @Test(
    "a COMMIT failing with SQLITE_BUSY, before the commit hook, then retried reports its tables")
  func commitRetriedAfterBusy() async throws {
    // The writer gives up on a lock at once: its COMMIT fails instead of waiting.
    var configuration = ConnectionPool.Configuration()
    configuration.busyTimeout = 0
    try await withPool(PoolRecipe(schema: "CREATE TABLE a(x)", configuration)) { pool in
      var changes = try await pool.changes().makeAsyncIterator()
      try await pool.writeWithoutTransaction { db in
        let main = try #require(
          try db.scalar(
            "SELECT file FROM pragma_database_list WHERE name = 'main'", as: String.self))
        let other = main + "-other"
        try db.execute("ATTACH ? AS other", other)
        defer { try? db.execute("DETACH other") }
        let mode = try db.scalar("PRAGMA other.journal_mode = DELETE", as: String.self)
        #expect(mode == "delete")
        try db.execute("CREATE TABLE other.t(y)")
        // A reader of the rollback-journal database holds its SHARED lock: the COMMIT cannot
        // lock it to write and fails with SQLITE_BUSY, leaving the transaction open.
        let reader = try Connection(path: other)
        try reader.execute("BEGIN; SELECT count(*) FROM t")
        try db.execute("BEGIN; INSERT INTO a VALUES (1); INSERT INTO other.t VALUES (1)")
        var commitHooks = 0
        db.onCommit { commitHooks += 1 }
        defer { db.onCommit(nil) }
        expectFailure(Result { try db.execute("COMMIT") }, .busy)
        #expect(db.isInsideTransaction)
        #expect(commitHooks == 0)
        try reader.execute("COMMIT")
        try db.execute("COMMIT")
        #expect(commitHooks == 1)
      }
      #expect(await changes.next() == CommittedChanges(tables: ["a"]))
      try await pool.write { db in try db.execute("INSERT INTO a VALUES (2)") }
      #expect(await changes.next() == CommittedChanges(tables: ["a"]))
    }
  }

  @Test(
    "a blob written in place, which SQLite neither reports nor counts, makes its commit any table")
  func blobWrittenInPlace() async throws {
    let schema = "CREATE TABLE f(data); INSERT INTO f VALUES (zeroblob(4))"
    try await withPool(PoolRecipe(schema: schema)) { pool in
      let seen = ConnectionPoolChangeRecordingTests.SeenCommits()
      let collector = seen.collect(try await pool.changes())
      defer { collector.cancel() }
      // In the write's transaction, and committing by itself when the handle closes.
      try await pool.write { db in
        let blob = try Blob(in: db, table: "f", column: "data", row: 1, writable: true)
        try blob.write([1, 2], at: 0)
      }
      try await pool.writeWithoutTransaction { db in
        let blob = try Blob(in: db, table: "f", column: "data", row: 1, writable: true)
        try blob.write([3], at: 2)
        blob.close()
      }
      try await pool.write { db in try db.execute("INSERT INTO f VALUES (x'00')") }
      #expect(await eventually { seen.all.count == 3 }, "\(seen.all)")
      #expect(seen.all.prefix(2).allSatisfy { $0.contains("f") }, "\(seen.all)")
      #expect(seen.all.last == CommittedChanges(tables: ["f"]))
      let data = try await pool.read { db in
        try db.scalar("SELECT hex(data) FROM f WHERE rowid = 1", as: String.self)
      }
      #expect(data == "01020300")
    }
  }

  @Test("a blob write that fails changes nothing and leaves the next commit's tables exact")
  func failedBlobWrite() async throws {
    let schema = "CREATE TABLE f(data); INSERT INTO f VALUES (zeroblob(4)); CREATE TABLE g(x)"
    try await withPool(PoolRecipe(schema: schema)) { pool in
      let seen = ConnectionPoolChangeRecordingTests.SeenCommits()
      let collector = seen.collect(try await pool.changes())
      defer { collector.cancel() }
      try await pool.writeWithoutTransaction { db in
        let blob = try Blob(in: db, table: "f", column: "data", row: 1, writable: false)
        #expect(throws: SQLiteError.self) { try blob.write([1], at: 0) }
        blob.close()
      }
      try await pool.write { db in try db.execute("INSERT INTO g VALUES (1)") }
      #expect(await eventually { seen.all.count == 1 }, "\(seen.all)")
      #expect(seen.all == [CommittedChanges(tables: ["g"])])
    }
  }
}
