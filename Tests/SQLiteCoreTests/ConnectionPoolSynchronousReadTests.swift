import Foundation
import SQLiteCore
import TestSupport
import Testing

/// Runs `body` on `count` threads of their own (never the cooperative pool, which
/// `readSynchronously` must not block) and returns their results in order.
func onThreads<T: Sendable>(
  _ count: Int, _ body: @escaping @Sendable (Int) throws -> T
) async throws -> [T] {
  try await withThrowingTaskGroup(of: (Int, T).self) { group in
    for index in 0..<count {
      group.addTask {
        try await withCheckedThrowingContinuation { continuation in
          Thread.detachNewThread {
            continuation.resume(with: Result { (index, try body(index)) })
          }
        }
      }
    }
    var results: [(Int, T)] = []
    for try await result in group { results.append(result) }
    return results.sorted { $0.0 < $1.0 }.map(\.1)
  }
}

@Suite("ConnectionPool synchronous reads")
struct ConnectionPoolSynchronousReadTests {
  /// An endless query that calls `started()` once, first.
  static let endless = ConnectionPoolCancellationTests.endless

  private func recipe(
    readers: Int = 1, timeout: Duration? = nil, started: Gate = Gate()
  ) -> PoolRecipe {
    PoolRecipe(
      schema: "CREATE TABLE t(a); INSERT INTO t VALUES (1)",
      .signalling(started, readers: readers, readerWaitTimeout: timeout))
  }

  /// Expects the next synchronous read to see `t`'s one row on the reader already open.
  private func expectSameReaderServesNext(
    _ pool: ConnectionPool, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let next = try await onThreads(1) { _ in
      try pool.readSynchronously { db in try db.scalar("SELECT count(*) FROM t", as: Int.self) }
    }
    #expect(next == [1], sourceLocation: sourceLocation)
    #expect(pool.statistics.readersOpened == 1, sourceLocation: sourceLocation)
  }

  @Test("runs on the calling thread, with a body that captures non-Sendable state")
  func runsOnCallingThread() async throws {
    try await withPool(recipe()) { pool in
      let (count, sameThread) = try await onThreads(1) { _ in
        let caller = Thread.current
        var ranOn: Thread?
        let count = try pool.readSynchronously { db in
          ranOn = Thread.current
          return try db.scalar("SELECT count(*) FROM t", as: Int.self)
        }
        return (count, ranOn === caller)
      }[0]
      #expect(count == 1)
      #expect(sameThread)
      #expect(pool.statistics.busyReaders == 0)
      #expect(pool.statistics.idleReaders == 1)
    }
  }

  @Test(
    "synchronous reads run truly in parallel: every reader meets the others",
    arguments: [8, 16])
  func readersMeet(readerCount: Int) async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let rendezvous = Rendezvous(count: readerCount)
    let pool = try await ConnectionPool.meeting(at: rendezvous, readers: readerCount, in: directory)
    let values = try await onThreads(readerCount) { _ in
      try pool.readSynchronously { db in try db.scalar("SELECT rendezvous()", as: Int.self) }
    }
    #expect(values == Array(repeating: 1, count: readerCount))
    #expect(pool.statistics.openReaders == readerCount)
    try await pool.close()
  }

  @Test("a synchronous read keeps one snapshot while a writer commits")
  func snapshotIsolation() async throws {
    try await withPool(recipe()) { pool in
      let readerStarted = Gate()
      let writerCommitted = Gate()
      async let seen = onThreads(1) { _ in
        try pool.readSynchronously { db in
          let before = try db.scalar("SELECT count(*) FROM t", as: Int.self)
          readerStarted.open()
          guard writerCommitted.wait() else { throw GateTimedOut() }
          return [before, try db.scalar("SELECT count(*) FROM t", as: Int.self)]
        }
      }
      #expect(await readerStarted.waitAsync())
      try await pool.write { db in try db.execute("INSERT INTO t VALUES (2)") }
      writerCommitted.open()
      #expect(try await seen == [[1, 1]])
      let after = try await onThreads(1) { _ in
        try pool.readSynchronously { db in try db.scalar("SELECT count(*) FROM t", as: Int.self) }
      }
      #expect(after == [2])
    }
  }

  @Test("waits in line behind an async read for the only reader, then runs")
  func waitsInLine() async throws {
    try await withPool(recipe()) { pool async throws in
      let holding = Gate()
      let release = Gate()
      async let held = pool.read { db in
        holding.open()
        guard release.wait() else { throw GateTimedOut() }
        return try db.scalar("SELECT count(*) FROM t", as: Int.self)
      }
      #expect(await holding.waitAsync())
      async let waited = onThreads(1) { _ in
        try pool.readSynchronously { db in try db.scalar("SELECT count(*) FROM t", as: Int.self) }
      }
      #expect(await eventually { pool.statistics.waitingReads == 1 })
      release.open()
      #expect(try await held == 1)
      #expect(try await waited == [1])
      #expect(pool.statistics.readersOpened == 1)
    }
  }

  @Test("fails with SQLITE_BUSY when no reader frees up within the wait timeout")
  func timesOut() async throws {
    try await withPool(recipe(timeout: .milliseconds(50))) { pool in
      let holding = Gate()
      let release = Gate()
      async let held: Void =
        onThreads(1) { _ in
          try pool.readSynchronously { _ in
            holding.open()
            guard release.wait() else { throw GateTimedOut() }
          }
        }.first ?? ()
      #expect(await holding.waitAsync())
      let outcome = try await onThreads(1) { _ in
        Result { try pool.readSynchronously { _ in 1 } }
      }[0]
      #expect(throws: SQLiteError.self) { try outcome.get() }
      if case .failure(let error as SQLiteError) = outcome { #expect(error.code ~= .busy) }
      #expect(pool.statistics.waitingReads == 0)
      release.open()
      try await held
    }
  }

  @Test("interrupt() stops a running synchronous read; the reader serves the next one")
  func interrupt() async throws {
    let started = Gate()
    try await withPool(recipe(started: started)) { pool in
      async let endless = onThreads(1) { _ in
        Result { try pool.readSynchronously { db in try db.scalar(Self.endless, as: Int.self) } }
      }
      #expect(await started.waitAsync())
      pool.interrupt()
      expectFailure(try await endless[0], .interrupt)
      try await expectSameReaderServesNext(pool)
    }
  }

  @Test("a body that leaves an error rolls back and returns the reader healthy")
  func errorReturnsReader() async throws {
    try await withPool(recipe()) { pool in
      let outcome = try await onThreads(1) { _ in
        Result { try pool.readSynchronously { db in try db.execute("SELECT * FROM missing") } }
      }[0]
      #expect(throws: SQLiteError.self) { try outcome.get() }
      try await expectSameReaderServesNext(pool)
    }
  }

  @Test("a closed pool refuses synchronous reads with a misuse error")
  func closedPool() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let pool = try await recipe().open(in: directory)
    try await pool.close()
    let outcome = try await onThreads(1) { _ in Result { try pool.readSynchronously { _ in 1 } } }[
      0]
    #expect(throws: SQLiteError.self) { try outcome.get() }
    if case .failure(let error as SQLiteError) = outcome { #expect(error.code ~= .misuse) }
  }
}
