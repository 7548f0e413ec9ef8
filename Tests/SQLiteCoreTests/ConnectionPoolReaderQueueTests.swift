import SQLiteCore
import TestSupport
import Testing

@Suite("ConnectionPool reader queue")
struct ConnectionPoolReaderQueueTests {
  /// A pool whose readers have `hold()`: it counts the caller in and blocks until `release`.
  private func recipe(
    readers: Int, entered: Counter, release: Gate, waitTimeout: Duration? = nil
  ) -> PoolRecipe {
    PoolRecipe(
      .holding(entered: entered, until: release, readers: readers, readerWaitTimeout: waitTimeout))
  }

  @Test("growing and shrinking the reader count under load loses no read and leaks no reader")
  func resizeUnderLoad() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let entered = Counter()
    let release = Gate()
    let pool = try await recipe(readers: 2, entered: entered, release: release).open(in: directory)
    let reads = 20
    try await withThrowingTaskGroup(of: Int?.self) { group in
      for _ in 0..<reads {
        group.addTask { try await pool.read { db in try db.scalar("SELECT hold()", as: Int.self) } }
      }
      #expect(await eventually { entered.current == 2 && pool.statistics.waitingReads == 18 })
      await pool.setMaximumReaderCount(6)
      #expect(await eventually { entered.current == 6 })
      #expect(pool.statistics.openReaders == 6)
      #expect(pool.statistics.waitingReads == 14)
      await pool.setMaximumReaderCount(1)
      #expect(pool.statistics.openReaders == 6)
      release.open()
      var finished = 0
      for try await value in group {
        #expect(value == 1)
        finished += 1
      }
      #expect(finished == reads)
    }
    let stats = pool.statistics
    #expect(stats.openReaders == 1)
    #expect(stats.busyReaders == 0)
    #expect(stats.readersOpened - stats.readersClosed == 1)
    await pool.setMaximumReaderCount(3)
    let more = try await withThrowingTaskGroup(of: Int?.self) { group in
      for _ in 0..<30 {
        group.addTask { try await pool.read { db in try db.scalar("SELECT 1", as: Int.self) } }
      }
      return try await group.reduce(0) { $0 + ($1 ?? 0) }
    }
    #expect(more == 30)
    #expect(pool.statistics.openReaders <= 3)
    try await pool.close()
    #expect(pool.statistics.readersOpened == pool.statistics.readersClosed)
  }

  @Test("reads waiting for a reader are served in arrival order")
  func fifo() async throws {
    let entered = Counter()
    let release = Gate()
    try await withPool(recipe(readers: 1, entered: entered, release: release)) { pool in
      let order = Locked<[Int]>([])
      async let holder = pool.read { db in try db.scalar("SELECT hold()", as: Int.self) }
      #expect(await eventually { entered.current == 1 })
      var waiting: [Task<Void, any Error>] = []
      for index in 0..<5 {
        waiting.append(
          Task {
            try await pool.read { _ in order.withLock { $0.append(index) } }
          })
        #expect(await eventually { pool.statistics.waitingReads == index + 1 })
      }
      release.open()
      _ = try await holder
      for task in waiting { try await task.value }
      #expect(order.value == [0, 1, 2, 3, 4])
    }
  }

  @Test("a read that waits too long for a reader fails with SQLITE_BUSY")
  func waitTimeout() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let entered = Counter()
    let release = Gate()
    let pool = try await recipe(
      readers: 1, entered: entered, release: release, waitTimeout: .milliseconds(50)
    ).open(in: directory)
    async let holder = pool.read { db in try db.scalar("SELECT hold()", as: Int.self) }
    #expect(await eventually { entered.current == 1 })
    let error = await #expect(throws: SQLiteError.self) {
      try await pool.read { _ in 1 }
    }
    #expect(error.map { .busy ~= $0.code } == true)
    #expect(pool.statistics.waitingReads == 0)
    release.open()
    #expect(try await holder == 1)
    #expect(try await pool.read { _ in 2 } == 2)
    try await pool.close()
  }

  @Test("closing fails waiting reads and lets the running one finish")
  func closeWithWaiters() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let entered = Counter()
    let release = Gate()
    let pool = try await recipe(readers: 1, entered: entered, release: release).open(in: directory)
    async let holder = pool.read { db in try db.scalar("SELECT hold()", as: Int.self) }
    #expect(await eventually { entered.current == 1 })
    let waiter = Task { try await pool.read { _ in 1 } }
    #expect(await eventually { pool.statistics.waitingReads == 1 })
    async let closing: Void = pool.close()
    await #expect(throws: SQLiteError.self) { try await waiter.value }
    release.open()
    #expect(try await holder == 1)
    try await closing
    #expect(pool.statistics.readersOpened == pool.statistics.readersClosed)
  }
}
