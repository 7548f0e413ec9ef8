import Glibc
import SQLiteCore
import TestSupport
import Testing

/// A read's task may go on on a reader's thread (a check-in there hands it the reader), but the
/// caller's code after the read never runs there.
@Suite("ConnectionPool read hand-over")
struct ConnectionPoolReadHandOverTests {
  private static var thread: UInt { UInt(bitPattern: Int(bitPattern: pthread_self())) }

  private struct Failed: Error {}

  @Test("the caller's code after a read, returned or thrown, never runs on a reader's thread")
  func callerLeavesReaderThreads() async throws {
    let recipe = PoolRecipe(
      schema: "CREATE TABLE t(x)", ConnectionPool.Configuration(maximumReaderCount: 2))
    try await withPool(recipe) { pool in
      // 6 tasks on 2 readers: most reads wait, and a check-in on a reader's thread hands it on.
      let outcomes = try await withThrowingTaskGroup(of: (Set<UInt>, Set<UInt>).self) { group in
        for task in 0..<6 {
          group.addTask {
            var readerThreads: Set<UInt> = []
            var callerThreads: Set<UInt> = []
            for index in 0..<100 {
              do {
                let ranOn = try await pool.read { db in
                  _ = try db.scalar("SELECT count(*) FROM t", as: Int.self)
                  if (task + index) % 5 == 0 { throw Failed() }
                  return Self.thread
                }
                readerThreads.insert(ranOn)
              } catch is Failed {}
              callerThreads.insert(Self.thread)
            }
            return (readerThreads, callerThreads)
          }
        }
        var readerThreads: Set<UInt> = []
        var callerThreads: Set<UInt> = []
        for try await (readers, callers) in group {
          readerThreads.formUnion(readers)
          callerThreads.formUnion(callers)
        }
        return (readerThreads, callerThreads)
      }
      #expect(outcomes.0.count == 2)
      #expect(outcomes.0.isDisjoint(with: outcomes.1))
    }
  }

  /// Runs a synchronous read that holds the pool's reader until an `async` read waits for it;
  /// its check-in, on the calling thread, hands the reader to that waiting read.
  private static func readUntilAnotherWaits(_ pool: ConnectionPool, _ held: Gate) throws -> Int {
    try pool.readSynchronously { db in
      held.open()
      try waitUntil("an async read waiting for the reader") { pool.statistics.waitingReads == 1 }
      return try db.scalar("SELECT 1", as: Int.self) ?? -1
    }
  }

  /// An access's closure (a write's, or a read's) reads synchronously twice; the first read's
  /// check-in hands the reader to a waiting plain-task read, which must be able to finish while
  /// that closure still runs, so that the second read gets a reader.
  private static func readsTwice(readers: Int, inWrite: Bool) async throws {
    // The wait for a reader fails instead of hanging the suite.
    let recipe = PoolRecipe(
      schema: "CREATE TABLE t(x)",
      ConnectionPool.Configuration(maximumReaderCount: readers, readerWaitTimeout: .seconds(5)))
    try await withPool(recipe) { pool in
      let held = Gate()
      let access = Task.detached {
        let body: @Sendable (Connection) throws -> Int = { _ in
          let first = try readUntilAnotherWaits(pool, held)
          let second = try pool.readSynchronously { db in
            try db.scalar("SELECT 2", as: Int.self) ?? -1
          }
          return first + second
        }
        return inWrite ? try await pool.write(.immediate, body) : try await pool.read(body)
      }
      #expect(await held.waitAsync())
      let waiting = Task.detached {
        try await pool.read { db in try db.scalar("SELECT 3", as: Int.self) }
      }
      let accessValue = try await access.value
      let read = try await waiting.value
      #expect(accessValue == 3 && read == 3)
    }
  }

  @Test(
    "a write's closure that reads synchronously twice is not stalled by a read it handed a reader"
  )
  func synchronousReadsInsideWrite() async throws {
    try await Self.readsTwice(readers: 1, inWrite: true)
  }

  @Test(
    "a read's closure that reads synchronously twice is not stalled by a read it handed a reader"
  )
  func synchronousReadsInsideRead() async throws {
    try await Self.readsTwice(readers: 2, inWrite: false)
  }
}
