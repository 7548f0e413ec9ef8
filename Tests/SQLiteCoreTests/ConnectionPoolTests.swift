import Foundation
import SQLiteCore
import TestSupport
import Testing

@Suite("ConnectionPool")
struct ConnectionPoolTests {
  private func recipe(_ configuration: ConnectionPool.Configuration = .init()) -> PoolRecipe {
    PoolRecipe(schema: "CREATE TABLE t(a INTEGER PRIMARY KEY, b)", configuration)
  }

  @Test("writes commit and reads see them; readers open lazily")
  func readsAndWrites() async throws {
    try await withPool(recipe()) { pool in
      #expect(pool.statistics.openReaders == 0)
      try await pool.write { db in try db.execute("INSERT INTO t VALUES (1, 'x'), (2, 'y')") }
      let count = try await pool.read { db in try db.scalar("SELECT count(*) FROM t", as: Int.self)
      }
      #expect(count == 2)
      let stats = pool.statistics
      #expect(stats.openReaders == 1)
      #expect(stats.idleReaders == 1)
      #expect(stats.busyReaders == 0)
      #expect(stats.writerState == .idle)
      #expect(stats.walSize > 0)
    }
  }

  @Test("the database is in WAL mode and readers are read-only")
  func walAndReadOnlyReaders() async throws {
    try await withPool(recipe()) { pool in
      let mode = try await pool.read { db in try db.scalar("PRAGMA journal_mode", as: String.self) }
      #expect(mode == "wal")
      await #expect(throws: SQLiteError.self) {
        try await pool.read { db in try db.execute("INSERT INTO t VALUES (1, 'x')") }
      }
      let readOnly = try await pool.read { db in db.isReadOnly() }
      #expect(readOnly == true)
    }
  }

  @Test("a write rolls back when its body throws")
  func writeRollsBack() async throws {
    try await withPool(recipe()) { pool in
      await #expect(throws: SQLiteError.self) {
        try await pool.write { db in
          try db.execute("INSERT INTO t VALUES (1, 'x')")
          try db.execute("INSERT INTO t VALUES (1, 'duplicate')")
        }
      }
      let count = try await pool.read { db in try db.scalar("SELECT count(*) FROM t", as: Int.self)
      }
      #expect(count == 0)
    }
  }

  @Test("a transaction left open by writeWithoutTransaction is rolled back and reported")
  func leftTransactionIsRolledBack() async throws {
    try await withPool(recipe()) { pool in
      let error = await #expect(throws: SQLiteError.self) {
        try await pool.writeWithoutTransaction { db in
          try db.execute("BEGIN; INSERT INTO t VALUES (1, 'x')")
        }
      }
      #expect(error?.code == .abort)
      let inside = try await pool.writeWithoutTransaction { db in db.isInsideTransaction }
      #expect(!inside)
      let count = try await pool.read { db in try db.scalar("SELECT count(*) FROM t", as: Int.self)
      }
      #expect(count == 0)
    }
  }

  @Test("an in-memory database is refused")
  func refusesInMemory() async throws {
    await #expect(throws: SQLiteError.self) { try await ConnectionPool(path: ":memory:") }
  }

  @Test("a file that is not a database fails at open")
  func refusesNonDatabase() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: directory.path()))
    let error = await #expect(throws: SQLiteError.self) {
      try await ConnectionPool(path: directory.path())
    }
    #expect(error.map { .notadb ~= $0.code } == true)
  }

  @Test("checkpoints report frames, and close truncates the WAL and closes every reader")
  func checkpointAndClose() async throws {
    try await withPool(recipe()) { pool in
      for index in 0..<20 {
        try await pool.write { db in try db.execute("INSERT INTO t VALUES (?, ?)", [index, "x"]) }
      }
      _ = try await pool.read { db in try db.scalar("SELECT count(*) FROM t", as: Int.self) }
      let passive = try await pool.checkpoint(.passive)
      #expect(passive.logFrames > 0)
      #expect(passive.checkpointedFrames == passive.logFrames)
      let truncate = try await pool.checkpoint(.truncate)
      #expect(truncate.logFrames == 0)
      #expect(pool.statistics.walSize == 0)
      try await pool.close()
      let stats = pool.statistics
      #expect(stats.readersOpened == stats.readersClosed)
      #expect(stats.openReaders == 0)
      #expect(stats.writerState == .closed)
      await #expect(throws: SQLiteError.self) { try await pool.read { _ in 1 } }
      await #expect(throws: SQLiteError.self) { try await pool.write { _ in 1 } }
    }
  }

  @Test("close does not wait out the busy timeout while another connection holds the write lock")
  func closeBesideAWriter() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let pool = try await recipe(.init(busyTimeout: 600_000)).open(in: directory)
    try await pool.write { db in try db.execute("INSERT INTO t VALUES (1, 'x')") }
    let other = try Connection(path: directory.path("test.db"))
    try other.execute("BEGIN IMMEDIATE; INSERT INTO t VALUES (2, 'y')")
    let closed = Locked(false)
    let closing = Task {
      try await pool.close()
      closed.withLock { $0 = true }
    }
    // Ten minutes of busy timeout: a close that waited for the lock would not end in time.
    #expect(await eventually { closed.value })
    try other.execute("COMMIT")
    try other.close()
    try await closing.value
    #expect(pool.statistics.writerState == .closed)
  }

  @Test("a pool opens and reads beside another process's open write transaction, -wal empty")
  func openBesideAWriter() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let path = directory.path("test.db")
    let other = try Connection(path: path)
    try other.execute("PRAGMA journal_mode = WAL; CREATE TABLE t(a); INSERT INTO t VALUES (1)")
    _ = try other.checkpoint(.truncate)
    #expect((try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int == 0)
    try other.execute("BEGIN IMMEDIATE; INSERT INTO t VALUES (2)")
    // Ten minutes of busy timeout: an opener that waited for the lock would not end in time.
    let opened = Locked<ConnectionPool?>(nil)
    let opening = Task {
      let pool = try await ConnectionPool(path: path, configuration: .init(busyTimeout: 600_000))
      opened.withLock { $0 = pool }
    }
    #expect(await eventually { opened.value != nil })
    let count = "SELECT count(*) FROM t"
    if let pool = opened.value {
      #expect(try await pool.read { db in try db.scalar(count, as: Int.self) } == 1)
    }
    try other.execute("COMMIT")
    try await opening.value
    let pool = try #require(opened.value)
    #expect(try await pool.read { db in try db.scalar(count, as: Int.self) } == 2)
    try other.close()
    try await pool.close()
  }

  @Test("the WAL is bounded by journal_size_limit")
  func boundedWAL() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let limit: Int64 = 64 * 1024
    let pool = try await recipe(.init(journalSizeLimit: limit)).open(in: directory)
    try await pool.write { db in
      for index in 0..<2_000 {
        try db.execute("INSERT INTO t VALUES (?, ?)", [index, String(repeating: "x", count: 200)])
      }
    }
    #expect(pool.statistics.walSize > limit)
    try await pool.checkpoint(.restart)
    // The next write restarts the WAL from the start and truncates it to the limit.
    try await pool.write { db in try db.execute("INSERT INTO t VALUES (-1, 'y')") }
    #expect(pool.statistics.walSize <= limit)
    try await pool.close()
  }

  @Test("prepareConnection runs on the writer and on every reader")
  func prepareConnectionEverywhere() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let configuration = ConnectionPool.Configuration(prepareConnection: { db in
      try db.createFunction("twice", argumentCount: 1) { arguments in
        (Int.fromSQLite(arguments[0]) ?? 0) * 2
      }
    })
    let pool = try await recipe(configuration).open(in: directory)
    let written = try await pool.write { db in try db.scalar("SELECT twice(21)", as: Int.self) }
    let read = try await pool.read { db in try db.scalar("SELECT twice(4)", as: Int.self) }
    #expect(written == 42)
    #expect(read == 8)
    try await pool.close()
  }

  @Test("interrupt() with nothing running leaves later accesses alone")
  func idleInterruptIsHarmless() async throws {
    try await withPool(recipe()) { pool in
      _ = try await pool.read { db in try db.scalar("SELECT 1", as: Int.self) }
      pool.interrupt()
      let value = try await pool.read { db in try db.scalar("SELECT 2", as: Int.self) }
      try await pool.write { db in try db.execute("INSERT INTO t VALUES (1, 'x')") }
      #expect(value == 2)
    }
  }
}
