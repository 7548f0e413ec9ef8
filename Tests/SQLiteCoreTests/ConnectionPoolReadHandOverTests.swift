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
}
