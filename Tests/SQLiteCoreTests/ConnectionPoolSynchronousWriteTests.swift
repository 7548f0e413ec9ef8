import Foundation
import Glibc
import SQLiteCore
import TestSupport
import Testing

#if canImport(Glibc)
#endif

@Suite("ConnectionPool synchronous writes")
struct ConnectionPoolSynchronousWriteTests {
  static let endless = ConnectionPoolCancellationTests.endless

  @Test("commits on the calling thread; a body that throws rolls back")
  func commitsAndRollsBack() async throws {
    try await withPool(.table()) { pool in
      let (sameThread, failure) = try await onThreads(1) { _ in
        let caller = Thread.current
        var ranOn: Thread?
        try pool.writeSynchronously { db in
          ranOn = Thread.current
          try db.execute("INSERT INTO t VALUES (1)")
        }
        let failure = Result {
          try pool.writeSynchronously { db in
            try db.execute("INSERT INTO t VALUES (2)")
            try db.execute("INSERT INTO missing VALUES (3)")
          }
        }
        return (ranOn === caller, failure)
      }[0]
      #expect(sameThread)
      #expect(throws: SQLiteError.self) { try failure.get() }
      #expect(try await pool.tableValues() == [1])
      #expect(pool.statistics.writerState == .idle)
      let inside = try await pool.writeWithoutTransaction { db in db.isInsideTransaction }
      #expect(!inside)
    }
  }

  @Test("waits in line behind a writer session, ahead of a later async write")
  func waitsInLine() async throws {
    try await withPool(.table()) { pool in
      let session = try await pool.beginWriterSession()
      try await session.execute { db in try db.execute("BEGIN; INSERT INTO t VALUES (1)") }
      async let synchronous: [Void] = onThreads(1) { _ in
        try pool.writeSynchronously { db in try db.execute("INSERT INTO t VALUES (2)") }
      }
      #expect(await eventually { pool.statistics.waitingWrites == 1 })
      let asynchronous = Task {
        try await pool.write { db in try db.execute("INSERT INTO t VALUES (3)") }
      }
      #expect(await eventually { pool.statistics.waitingWrites == 2 })
      #expect(try await pool.tableValues() == [])
      try await session.execute { db in try db.execute("COMMIT") }
      try await session.end()
      _ = try await synchronous
      try await asynchronous.value
      #expect(try await pool.tableValues() == [1, 2, 3])
    }
  }

  @Test("interrupt() stops a running synchronous write, rolled back; the writer serves the next")
  func interrupt() async throws {
    let started = Gate()
    try await withPool(.table(started: started)) { pool in
      async let endless = onThreads(1) { _ in
        Result {
          try pool.writeSynchronously { db in
            try db.execute("INSERT INTO t VALUES (1)")
            return try db.scalar(Self.endless, as: Int.self)
          }
        }
      }
      #expect(await started.waitAsync())
      pool.interrupt()
      expectFailure(try await endless[0], .interrupt)
      _ = try await onThreads(1) { _ in
        try pool.writeSynchronously { db in try db.execute("INSERT INTO t VALUES (2)") }
      }
      #expect(try await pool.tableValues() == [2])
    }
  }

  @Test("a write waiting when the pool closes, and any write after, fail with misuse")
  func closedPool() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let pool = try await ConnectionPool.withTable(in: directory)
    let session = try await pool.beginWriterSession()
    async let waiting = onThreads(1) { _ in
      Result { try pool.writeSynchronously { db in try db.execute("INSERT INTO t VALUES (1)") } }
    }
    #expect(await eventually { pool.statistics.waitingWrites == 1 })
    async let closing: Void = pool.close()
    #expect(await eventually { pool.isClosing })
    expectFailure(try await waiting[0], .misuse)
    try await session.end()
    try await closing
    let after = try await onThreads(1) { _ in Result { try pool.writeSynchronously { _ in 1 } } }[0]
    expectFailure(after, .misuse)
  }

  @Test("after close, a new thread that reuses the exited writer thread's id is not the writer")
  func threadIdentityAfterClose() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let pool = try await ConnectionPool.withTable(in: directory)
    try await pool.close()
    // glibc hands an exited thread's descriptor (its pthread_t) to the next thread it starts:
    // each write must fail with misuse, none may trap as if on the writer's own thread.
    for _ in 0..<50 {
      let after = try await onThreads(1) { _ in Result { try pool.writeSynchronously { _ in 1 } } }
      expectFailure(after[0], .misuse)
    }
  }

  @Test("an async write runs its whole body on the writer's own thread")
  func asyncWriteRunsOnWriterThread() async throws {
    try await withPool(.table()) { pool in
      let sessionThread = try await pool.withWriterSession { session in
        try await session.execute { _ in UInt(bitPattern: Int(bitPattern: pthread_self())) }
      }
      let threads = try await withThrowingTaskGroup(of: UInt.self) { group in
        for index in 0..<8 {
          group.addTask {
            try await pool.write { db in
              try db.execute("INSERT INTO t VALUES (?)", [index])
              return UInt(bitPattern: Int(bitPattern: pthread_self()))
            }
          }
        }
        var threads: Set<UInt> = []
        for try await thread in group { threads.insert(thread) }
        return threads
      }
      #expect(threads == [sessionThread])
      #expect(try await pool.tableValues().sorted() == Array(0..<8))
    }
  }
}
