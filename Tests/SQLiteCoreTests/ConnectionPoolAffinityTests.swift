import Foundation
import SQLiteCore
import TestSupport
import Testing

@Suite("ConnectionPool reader affinity")
struct ConnectionPoolAffinityTests {
  @Test("the task and its reads run on one thread, and the reads see the database")
  func sameThread() async throws {
    try await withPool(PoolRecipe()) { pool in
      try await pool.write { db in try db.execute("CREATE TABLE t(a); INSERT INTO t VALUES (1)") }
      let (counts, threads) = try await pool.withReaderAffinity {
        var counts: [Int?] = []
        var threads: Set<UInt> = [UInt(bitPattern: Int(bitPattern: pthread_self()))]
        for _ in 0..<20 {
          let (count, thread) = try await pool.read { db in
            (
              try db.scalar("SELECT count(*) FROM t", as: Int.self),
              UInt(bitPattern: Int(bitPattern: pthread_self()))
            )
          }
          counts.append(count)
          threads.insert(thread)
          threads.insert(UInt(bitPattern: Int(bitPattern: pthread_self())))
        }
        return (counts, threads)
      }
      #expect(counts == Array(repeating: 1, count: 20))
      #expect(threads.count == 1)
      #expect(pool.statistics.readersOpened == 1)
    }
  }

  @Test("tasks with affinity get readers of their own and still read in parallel")
  func readersMeet() async throws {
    let readerCount = 4
    let directory = try ScratchDirectory("litesh-pool")
    let rendezvous = Rendezvous(count: readerCount)
    let pool = try await ConnectionPool.meeting(at: rendezvous, readers: readerCount, in: directory)
    let threads = try await withThrowingTaskGroup(of: UInt.self) { group in
      for _ in 0..<readerCount {
        group.addTask {
          try await pool.withReaderAffinity {
            try await pool.read { db in
              _ = try db.scalar("SELECT rendezvous()", as: Int.self)
              return UInt(bitPattern: Int(bitPattern: pthread_self()))
            }
          }
        }
      }
      var threads: Set<UInt> = []
      for try await thread in group { threads.insert(thread) }
      return threads
    }
    #expect(threads.count == readerCount)
    #expect(rendezvous.arrivals == readerCount)
    #expect(pool.statistics.readersOpened == readerCount)
    try await pool.close()
  }

  @Test("cancelling a task with affinity interrupts its read; the pool works afterwards")
  func cancel() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let started = Gate()
    let configuration = ConnectionPool.Configuration.signalling(started)
    let pool = try await ConnectionPool(path: directory.path(), configuration: configuration)
    let task = Task {
      try await pool.withReaderAffinity {
        try await pool.read { db in
          try db.scalar(ConnectionPoolCancellationTests.endless, as: Int.self)
        }
      }
    }
    #expect(await started.waitAsync())
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    let value = try await pool.read { db in try db.scalar("SELECT 7", as: Int.self) }
    #expect(value == 7)
    try await pool.close()
  }

  @Test("closing the pool under a task with affinity fails its next read and never strands it")
  func closeUnderAffinity() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let pool = try await ConnectionPool(path: directory.path())
    let failure = try await pool.withReaderAffinity { () async throws -> SQLiteError? in
      _ = try await pool.read { db in try db.scalar("SELECT 1", as: Int.self) }
      try await pool.close()
      // The reader's thread ends with its connection; the task still runs on it.
      do {
        _ = try await pool.read { _ in 1 }
        return nil
      } catch let error as SQLiteError {
        return error
      }
    }
    let error = try #require(failure)
    #expect(error.code ~= .misuse)
  }
}
