import SQLiteCore
import TestSupport
import Testing

@Suite("ConnectionPool writer")
struct ConnectionPoolWriterTests {
  private func recipe(_ configuration: ConnectionPool.Configuration = .init()) -> PoolRecipe {
    PoolRecipe(schema: "CREATE TABLE t(a)", configuration)
  }

  private func count(_ pool: ConnectionPool) async throws -> Int? {
    try await pool.read { db in try db.scalar("SELECT count(*) FROM t", as: Int.self) }
  }

  @Test("a writer session keeps a transaction open across awaits; other writes wait behind it")
  func sessionHoldsWriter() async throws {
    try await withPool(recipe()) { pool in
      let session = try await pool.beginWriterSession()
      try await session.execute { db in try db.execute("BEGIN; INSERT INTO t VALUES (1)") }
      #expect(try await session.isInsideTransaction)
      #expect(pool.statistics.writerState == .session)
      let queued = Task {
        try await pool.write { db in try db.execute("INSERT INTO t VALUES (2)") }
      }
      #expect(await eventually { pool.statistics.waitingWrites == 1 })
      // Reads go on and see nothing uncommitted.
      #expect(try await count(pool) == 0)
      try await session.execute { db in try db.execute("INSERT INTO t VALUES (3); COMMIT") }
      try await session.end()
      try await queued.value
      #expect(try await count(pool) == 3)
      #expect(pool.statistics.writerState == .idle)
    }
  }

  @Test("a session that ends with a transaction open rolls it back and reports it")
  func sessionRollsBackOpenTransaction() async throws {
    try await withPool(recipe()) { pool in
      let error = await #expect(throws: SQLiteError.self) {
        try await pool.withWriterSession { session in
          try await session.execute { db in try db.execute("BEGIN; INSERT INTO t VALUES (1)") }
        }
      }
      #expect(error?.code == .abort)
      #expect(try await count(pool) == 0)
      let inside = try await pool.writeWithoutTransaction { db in db.isInsideTransaction }
      #expect(!inside)
      #expect(pool.statistics.writerState == .idle)
    }
  }

  @Test("a session is unusable after it ends")
  func sessionEnds() async throws {
    try await withPool(recipe()) { pool in
      let session = try await pool.beginWriterSession()
      try await session.end()
      try await session.end()
      await #expect(throws: SQLiteError.self) { try await session.execute { _ in 1 } }
    }
  }

  @Test("a barrier write waits until no read runs, and reads wait for it")
  func barrier() async throws {
    let release = Gate()
    let entered = Counter()
    try await withPool(recipe(.holding(entered: entered, until: release))) { pool in
      let events = Locked<[String]>([])
      async let reading: Void = pool.read { db in
        _ = try db.scalar("SELECT hold()", as: Int.self)
        events.withLock { $0.append("read") }
      }
      #expect(await eventually { entered.current == 1 })
      async let barrier: Void = pool.barrierWriteWithoutTransaction { db in
        #expect(db.isAutocommit)
        events.withLock { $0.append("barrier") }
      }
      #expect(await eventually { pool.statistics.writerState == .writing })
      let later = Task { try await pool.read { _ in events.withLock { $0.append("later read") } } }
      #expect(await eventually { pool.statistics.waitingReads == 1 })
      release.open()
      try await reading
      try await barrier
      try await later.value
      #expect(events.value == ["read", "barrier", "later read"])
    }
  }

  @Test("close() while a barrier write waits for a read lets both finish")
  func closeDuringBarrier() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let release = Gate()
    let entered = Counter()
    let pool = try await recipe(.holding(entered: entered, until: release)).open(in: directory)
    async let reading: Int? = pool.read { db in try db.scalar("SELECT hold()", as: Int.self) }
    #expect(await eventually { entered.current == 1 })
    let barrierDone = Counter()
    let barrier = Task {
      try await pool.barrierWriteWithoutTransaction { db in
        try db.execute("INSERT INTO t VALUES (1)")
      }
      barrierDone.increment()
    }
    #expect(await eventually { pool.statistics.writerState == .writing })
    // Both the barrier and close() now wait for the running read to end.
    let closeDone = Counter()
    let closing = Task {
      try await pool.close()
      closeDone.increment()
    }
    #expect(await eventually { pool.isClosing })
    release.open()
    #expect(try await reading == 1)
    #expect(await eventually { barrierDone.current == 1 }, "the barrier write never finished")
    #expect(await eventually { closeDone.current == 1 }, "close() never finished")
    // Await only what finished: before the fix both hung, and awaiting them would hang the run.
    if barrierDone.current == 1 { try await barrier.value }
    if closeDone.current == 1 { try await closing.value }
  }

  @Test("write kinds: deferred, immediate and exclusive all commit")
  func writeKinds() async throws {
    try await withPool(recipe()) { pool in
      for kind in TransactionKind.allCases {
        try await pool.write(kind) { db in try db.execute("INSERT INTO t VALUES (1)") }
      }
      #expect(try await count(pool) == 3)
    }
  }
}
