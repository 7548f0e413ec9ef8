import SQLiteCore
import TestSupport
import Testing

@Suite("ConnectionPool concurrency")
struct ConnectionPoolConcurrencyTests {
  @Test(
    "reads run truly in parallel: every reader meets the others inside a blocking function",
    arguments: [8, 32])
  func readersMeet(readerCount: Int) async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let rendezvous = Rendezvous(count: readerCount)
    let pool = try await ConnectionPool.meeting(at: rendezvous, readers: readerCount, in: directory)
    try await withThrowingTaskGroup(of: Int?.self) { group in
      for _ in 0..<readerCount {
        group.addTask {
          try await pool.read { db in try db.scalar("SELECT rendezvous()", as: Int.self) }
        }
      }
      for try await value in group { #expect(value == 1) }
    }
    #expect(rendezvous.arrivals == readerCount)
    #expect(pool.statistics.openReaders == readerCount)
    try await pool.close()
  }

  @Test("a read sees one snapshot from its start, while a writer is mid-transaction and after")
  func snapshotIsolation() async throws {
    try await withPool(PoolRecipe()) { pool in
      try await pool.write { db in try db.execute("CREATE TABLE t(a); INSERT INTO t VALUES (1)") }
      let readerStarted = Gate()
      let writerInserted = Gate()
      let readerCheckedMid = Gate()
      let writerCommitted = Gate()
      // Reader                                   Writer
      // BEGIN DEFERRED; count → 1
      //                                          BEGIN IMMEDIATE; INSERT (not committed)
      // count → 1
      //                                          COMMIT
      // count → 1 (same snapshot)
      // COMMIT; a new read: count → 2
      async let seen = pool.read { db in
        let count = { try db.scalar("SELECT count(*) FROM t", as: Int.self) ?? -1 }
        let before = try count()
        readerStarted.open()
        guard writerInserted.wait() else { throw GateTimedOut() }
        let during = try count()
        readerCheckedMid.open()
        guard writerCommitted.wait() else { throw GateTimedOut() }
        return [before, during, try count()]
      }
      #expect(await readerStarted.waitAsync())
      try await pool.write { db in
        try db.execute("INSERT INTO t VALUES (2)")
        writerInserted.open()
        guard readerCheckedMid.wait() else { throw GateTimedOut() }
      }
      writerCommitted.open()
      #expect(try await seen == [1, 1, 1])
      let after = try await pool.read { db in try db.scalar("SELECT count(*) FROM t", as: Int.self)
      }
      #expect(after == 2)
    }
  }

  @Test("transfers never break the total seen by 100,000 reads; two separate reads can")
  func bankInvariant() async throws {
    try await withPool(PoolRecipe()) { pool in
      let accounts = 10
      let total = accounts * 1_000
      try await pool.write { db in
        try db.execute("CREATE TABLE accounts(id INTEGER PRIMARY KEY, balance INTEGER NOT NULL)")
        for id in 1...accounts { try db.execute("INSERT INTO accounts VALUES (?, 1000)", [id]) }
      }
      let readerTasks = 4
      let readsPerTask = 25_000
      let done = Locked(false)
      let transfers = Counter()
      let broken = Counter()
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<2 {
          group.addTask {
            while !done.value {
              let from = Int.random(in: 1...accounts)
              let to = Int.random(in: 1...accounts)
              let amount = Int.random(in: 1...100)
              try await pool.write { db in
                try db.execute(
                  "UPDATE accounts SET balance = balance - ? WHERE id = ?", [amount, from])
                try db.execute(
                  "UPDATE accounts SET balance = balance + ? WHERE id = ?", [amount, to])
              }
              transfers.increment()
            }
          }
        }
        var readers: [Task<Void, any Error>] = []
        for _ in 0..<readerTasks {
          readers.append(
            Task {
              for _ in 0..<readsPerTask {
                let sum = try await pool.read { db in
                  try db.scalar("SELECT sum(balance) FROM accounts", as: Int.self)
                }
                if sum != total { broken.increment() }
              }
            })
        }
        for reader in readers { try await reader.value }
        done.withLock { $0 = true }
        try await group.waitForAll()
      }
      #expect(broken.current == 0)
      #expect(transfers.current > 0)

      // A deliberately non-transactional reader: two separate reads around a transfer.
      let firstHalf = try await pool.read { db in
        try db.scalar("SELECT sum(balance) FROM accounts WHERE id <= 5", as: Int.self) ?? 0
      }
      try await pool.write { db in
        try db.execute("UPDATE accounts SET balance = balance - 100 WHERE id = 1")
        try db.execute("UPDATE accounts SET balance = balance + 100 WHERE id = 6")
      }
      let secondHalf = try await pool.read { db in
        try db.scalar("SELECT sum(balance) FROM accounts WHERE id > 5", as: Int.self) ?? 0
      }
      #expect(firstHalf + secondHalf == total + 100)
      let consistent = try await pool.read { db in
        try db.scalar("SELECT sum(balance) FROM accounts", as: Int.self)
      }
      #expect(consistent == total)
    }
  }
}
