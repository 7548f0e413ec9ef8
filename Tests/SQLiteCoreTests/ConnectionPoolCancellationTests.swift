import SQLiteCore
import TestSupport
import Testing

@Suite("ConnectionPool cancellation")
struct ConnectionPoolCancellationTests {
  /// An endless query that calls `started()` once, first.
  static let endless = """
    WITH RECURSIVE c(x) AS (SELECT started() UNION ALL SELECT x + 1 FROM c)
    SELECT count(*) FROM c
    """

  @Test("cancelling a long read ends it with CancellationError; the reader works at once")
  func cancelRead() async throws {
    let started = Gate()
    try await withPool(.table(started: started)) { pool in
      let task = Task {
        try await pool.read { db in try db.scalar(Self.endless, as: Int.self) }
      }
      #expect(await started.waitAsync())
      task.cancel()
      await #expect(throws: CancellationError.self) { try await task.value }
      // The only reader serves the next read, which is not interrupted.
      let value = try await pool.read { db in try db.scalar("SELECT count(*) FROM t", as: Int.self)
      }
      #expect(value == 0)
      #expect(pool.statistics.readersOpened == 1)
    }
  }

  @Test(
    "cancelling a long write rolls it back; the writer works at once",
    arguments: [false, true])
  func cancelWrite(withWriterAffinity: Bool) async throws {
    let started = Gate()
    try await withPool(.table(started: started)) { pool in
      @Sendable func endlessWrite() async throws -> Int? {
        try await pool.write { db in
          try db.execute("INSERT INTO t VALUES (1)")
          return try db.scalar(Self.endless, as: Int.self)
        }
      }
      let task = Task {
        withWriterAffinity
          ? try await pool.withWriterAffinity { try await endlessWrite() }
          : try await endlessWrite()
      }
      #expect(await started.waitAsync())
      task.cancel()
      await #expect(throws: CancellationError.self) { try await task.value }
      try await pool.write { db in try db.execute("INSERT INTO t VALUES (2)") }
      let values = try await pool.read { db in
        try db.query("SELECT a FROM t").map { try $0.get(0, as: Int.self) }
      }
      #expect(values == [2])
    }
  }

  @Test("a session's cancelled statement leaves the session able to roll back")
  func cancelInSession() async throws {
    let started = Gate()
    try await withPool(.table(started: started)) { pool in
      let session = try await pool.beginWriterSession()
      try await session.execute { db in try db.execute("BEGIN; INSERT INTO t VALUES (1)") }
      let task = Task {
        try await session.execute { db in try db.scalar(Self.endless, as: Int.self) }
      }
      #expect(await started.waitAsync())
      task.cancel()
      await #expect(throws: CancellationError.self) { try await task.value }
      try await session.execute { db in try db.rollback() }
      try await session.end()
      let count = try await pool.read { db in try db.scalar("SELECT count(*) FROM t", as: Int.self)
      }
      #expect(count == 0)
    }
  }

  @Test("a cancelled task waiting for a reader leaves the line with CancellationError")
  func cancelWaitingRead() async throws {
    let started = Gate()
    try await withPool(.table(started: started)) { pool async throws in
      let holder = Task { try await pool.read { db in try db.scalar(Self.endless, as: Int.self) } }
      #expect(await started.waitAsync())
      let waiter = Task { try await pool.read { _ in 1 } }
      #expect(await eventually { pool.statistics.waitingReads == 1 })
      waiter.cancel()
      await #expect(throws: CancellationError.self) { try await waiter.value }
      #expect(pool.statistics.waitingReads == 0)
      holder.cancel()
      await #expect(throws: CancellationError.self) { try await holder.value }
      #expect(try await pool.read { _ in 2 } == 2)
    }
  }

  @Test("a task cancelled after its access ended does not interrupt the next access")
  func lateCancellation() async throws {
    let started = Gate()
    try await withPool(.table(started: started)) { pool in
      let finished = Task { try await pool.read { _ in 1 } }
      #expect(try await finished.value == 1)
      finished.cancel()
      let value = try await pool.read { db in
        try db.scalar(
          "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000) SELECT count(*) FROM c",
          as: Int.self)
      }
      #expect(value == 100_000)
    }
  }
}
