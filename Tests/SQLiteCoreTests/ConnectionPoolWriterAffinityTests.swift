import Foundation
import Glibc
import SQLiteCore
import TestSupport
import Testing

#if canImport(Glibc)
#endif

@Suite("ConnectionPool writer affinity")
struct ConnectionPoolWriterAffinityTests {
  static let endless = ConnectionPoolCancellationTests.endless

  private static var thread: UInt { UInt(bitPattern: Int(bitPattern: pthread_self())) }

  @Test("the task and its writes run on the writer's thread, and the writes commit")
  func writerThread() async throws {
    try await withPool(.table()) { pool in
      let writerThread = try await pool.writeWithoutTransaction { _ in Self.thread }
      let threads = try await pool.withWriterAffinity {
        var threads: Set<UInt> = [Self.thread]
        for value in 0..<20 {
          let ranOn = try await pool.write { db in
            try db.execute("INSERT INTO t VALUES (?)", [value])
            return Self.thread
          }
          threads.insert(ranOn)
          threads.insert(Self.thread)
        }
        return threads
      }
      #expect(threads == [writerThread])
      #expect(try await pool.tableValues() == Array(0..<20))
      #expect(pool.statistics.writerState == .idle)
    }
  }

  @Test("its writes wait in line, in order, with async and synchronous writes and a session")
  func waitsInLine() async throws {
    try await withPool(.table()) { pool in
      let session = try await pool.beginWriterSession()
      try await session.execute { db in try db.execute("BEGIN; INSERT INTO t VALUES (1)") }
      let plain = Task { try await pool.write { db in try db.execute("INSERT INTO t VALUES (2)") } }
      #expect(await eventually { pool.statistics.waitingWrites == 1 })
      let affine = Task {
        try await pool.withWriterAffinity {
          try await pool.write { db in try db.execute("INSERT INTO t VALUES (3)") }
          try await pool.write { db in try db.execute("INSERT INTO t VALUES (5)") }
        }
      }
      #expect(await eventually { pool.statistics.waitingWrites == 2 })
      async let synchronous: [Void] = onThreads(1) { _ in
        try pool.writeSynchronously { db in try db.execute("INSERT INTO t VALUES (4)") }
      }
      #expect(await eventually { pool.statistics.waitingWrites == 3 })
      #expect(try await pool.tableValues() == [])
      try await session.execute { db in try db.execute("COMMIT") }
      try await session.end()
      try await plain.value
      try await affine.value
      _ = try await synchronous
      #expect(try await pool.tableValues() == [1, 2, 3, 4, 5])
    }
  }

  @Test("cancelling the task while its write waits in line takes the write out of the line")
  func cancelWaiting() async throws {
    try await withPool(.table()) { pool in
      let session = try await pool.beginWriterSession()
      let task = Task {
        try await pool.withWriterAffinity {
          try await pool.write { db in try db.execute("INSERT INTO t VALUES (1)") }
        }
      }
      #expect(await eventually { pool.statistics.waitingWrites == 1 })
      task.cancel()
      await #expect(throws: CancellationError.self) { try await task.value }
      #expect(pool.statistics.waitingWrites == 0)
      try await session.end()
      #expect(try await pool.tableValues() == [])
    }
  }

  @Test("interrupt() stops its running write; the next write in the scope runs")
  func interrupt() async throws {
    let started = Gate()
    try await withPool(.table(started: started)) { pool in
      let task = Task {
        try await pool.withWriterAffinity {
          let interrupted = await Result {
            try await pool.write { db in try db.scalar(Self.endless, as: Int.self) }
          }
          try await pool.write { db in try db.execute("INSERT INTO t VALUES (1)") }
          return interrupted
        }
      }
      #expect(await started.waitAsync())
      pool.interrupt()
      expectFailure(try await task.value, .interrupt)
      #expect(try await pool.tableValues() == [1])
    }
  }

  @Test("closing fails a waiting write and every later one with misuse, without hanging")
  func close() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let pool = try await ConnectionPool.withTable(in: directory)
    let session = try await pool.beginWriterSession()
    let waiting = Task {
      try await pool.withWriterAffinity {
        await Result { try await pool.write { db in try db.execute("INSERT INTO t VALUES (1)") } }
      }
    }
    #expect(await eventually { pool.statistics.waitingWrites == 1 })
    async let closing: Void = pool.close()
    #expect(await eventually { pool.isClosing })
    expectFailure(try await waiting.value, .misuse)
    try await session.end()
    try await closing
    let after = await Result { try await pool.withWriterAffinity { 1 } }
    expectFailure(after, .misuse)
  }

  @Test("a write after close() inside the scope fails with misuse; the task leaves the thread")
  func closeInside() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let pool = try await ConnectionPool.withTable(in: directory)
    let failure = try await pool.withWriterAffinity { () async throws -> Result<Void, any Error> in
      try await pool.write { db in try db.execute("INSERT INTO t VALUES (1)") }
      try await pool.close()
      return await Result {
        try await pool.write { db in try db.execute("INSERT INTO t VALUES (2)") }
      }
    }
    expectFailure(failure, .misuse)
  }

  @Test("writeSynchronously from the scope traps instead of waiting for its own thread")
  func synchronousWriteTraps() async {
    await #expect(processExitsWith: .failure) {
      let directory = try ScratchDirectory("litesh-pool")
      let pool = try await ConnectionPool.withTable(in: directory)
      try await pool.withWriterAffinity {
        try pool.writeSynchronously { db in try db.execute("INSERT INTO t VALUES (1)") }
      }
    }
  }
}

extension Result where Failure == any Error {
  /// The outcome of an `async` throwing call.
  init(catching body: () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
