import SQLiteCore
import TestSupport
import Testing

@Suite("ConnectionQueue")
struct ConnectionQueueTests {
  /// An in-memory queue with an empty table `t(x)`.
  static func queueWithTable() async throws -> ConnectionQueue {
    let queue = try await ConnectionQueue()
    try await queue.write { db in try db.execute("CREATE TABLE t(x)") }
    return queue
  }

  /// `count(*)` of table `t`.
  static func rows(in queue: ConnectionQueue) async throws -> Int? {
    try await queue.read { db in try db.scalar("SELECT count(*) FROM t", as: Int.self) }
  }

  @Test("works in memory: writes commit, reads see them")
  func inMemory() async throws {
    let queue = try await ConnectionQueue()
    #expect(queue.path == ":memory:")
    try await queue.write { db in
      try db.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1), (2)")
    }
    let sum = try await queue.read { db in try db.scalar("SELECT sum(x) FROM t", as: Int.self) }
    #expect(sum == 3)
    try await queue.close()
  }

  @Test("a write that throws rolls back")
  func writeRollsBack() async throws {
    let queue = try await Self.queueWithTable()
    struct Stop: Error {}
    await #expect(throws: Stop.self) {
      try await queue.write { db in
        try db.execute("INSERT INTO t VALUES (1)")
        throw Stop()
      }
    }
    #expect(try await Self.rows(in: queue) == 0)
  }

  @Test("a read cannot write, and the next write can")
  func readIsReadOnly() async throws {
    let queue = try await Self.queueWithTable()
    let error = await #expect(throws: SQLiteError.self) {
      try await queue.read { db in try db.execute("INSERT INTO t VALUES (1)") }
    }
    #expect(error?.code == .readonly)
    try await queue.write { db in try db.execute("INSERT INTO t VALUES (1)") }
    #expect(try await Self.rows(in: queue) == 1)
  }

  @Test("accesses from many tasks run one at a time and all land")
  func serialAccesses() async throws {
    let queue = try await Self.queueWithTable()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for value in 0..<50 {
        group.addTask {
          try await queue.write { db in
            // Read-modify-write: a lost update would show if two ran at once.
            let count = try db.scalar("SELECT count(*) FROM t", as: Int.self) ?? 0
            try db.execute("INSERT INTO t VALUES (?)", [count * 1000 + value])
          }
        }
      }
      try await group.waitForAll()
    }
    let distinct = try await queue.read { db in
      try db.scalar("SELECT count(DISTINCT x / 1000) FROM t", as: Int.self)
    }
    #expect(distinct == 50)
  }

  @Test("two in-memory queues are two databases")
  func separateMemoryDatabases() async throws {
    let first = try await ConnectionQueue()
    let second = try await ConnectionQueue()
    try await first.write { db in try db.execute("CREATE TABLE t(x)") }
    let tables = try await second.read { db in
      try db.scalar("SELECT count(*) FROM sqlite_master", as: Int.self)
    }
    #expect(tables == 0)
  }

  @Test("on a file, and the same code runs on a pool (AsyncDatabase)")
  func sameCodeOnQueueAndPool() async throws {
    func addAndCount(_ database: some AsyncDatabase) async throws -> Int? {
      try await database.writeWithoutTransaction { db in
        try db.execute("CREATE TABLE IF NOT EXISTS note(text TEXT)")
      }
      try await database.write { db in try db.execute("INSERT INTO note VALUES ('hi')") }
      return try await database.read { db in
        try db.scalar("SELECT count(*) FROM note", as: Int.self)
      }
    }
    let directory = try ScratchDirectory("litesh-pool")
    let queue = try await ConnectionQueue(path: directory.path("queue.db"))
    #expect(try await addAndCount(queue) == 1)
    try await queue.close()
    let reopened = try await ConnectionQueue(path: directory.path("queue.db"))
    #expect(try await addAndCount(reopened) == 2)
    try await reopened.close()
    let pool = try await ConnectionPool(path: directory.path("pool.db"))
    #expect(try await addAndCount(pool) == 1)
    try await pool.close()
  }

  @Test("prepareConnection runs once on open; its error fails the open")
  func prepareConnection() async throws {
    let queue = try await ConnectionQueue { db in try db.execute("PRAGMA foreign_keys = ON") }
    #expect(try await queue.read { db in try db.scalar("PRAGMA foreign_keys", as: Int.self) } == 1)
    await #expect(throws: SQLiteError.self) {
      _ = try await ConnectionQueue { db in try db.execute("NOT SQL") }
    }
  }

  @Test("after close, accesses throw a misuse error; closing twice does nothing")
  func closed() async throws {
    let queue = try await ConnectionQueue()
    try await queue.close()
    try await queue.close()
    let error = await #expect(throws: SQLiteError.self) {
      try await queue.read { db in try db.scalar("SELECT 1", as: Int.self) }
    }
    #expect(error?.code == .misuse)
    #expect(error?.message == "the connection queue is closed")
  }

  @Test("cancelling the task interrupts its running access, and the queue goes on")
  func cancellation() async throws {
    let queue = try await ConnectionQueue()
    let started = Gate()
    let task = Task {
      try await queue.read { db in
        started.open()
        // Runs until interrupted.
        return try db.scalar(
          "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c",
          as: Int.self)
      }
    }
    #expect(await started.waitAsync())
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    // The read's query_only is off again: a write goes through.
    try await queue.write { db in try db.execute("CREATE TABLE after(x)") }
    #expect(try await queue.read { db in try db.scalar("SELECT 1", as: Int.self) } == 1)
  }
}
