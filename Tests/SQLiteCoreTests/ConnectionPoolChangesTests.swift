import Foundation
import SQLiteCore
import TestSupport
import Testing

@Suite("ConnectionPool changes")
struct ConnectionPoolChangesTests {
  private func recipe(_ configuration: ConnectionPool.Configuration = .init()) -> PoolRecipe {
    PoolRecipe(
      schema: "CREATE TABLE a(x); CREATE TABLE b(y); CREATE TABLE w(k PRIMARY KEY) WITHOUT ROWID",
      configuration)
  }

  @Test("each commit arrives once, in order, with the tables it changed; rollbacks do not")
  func commitsInOrder() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let pool = try await recipe().open(in: directory)
    let stream = try await pool.changes()
    var iterator = stream.makeAsyncIterator()
    try await pool.write { db in try db.execute("INSERT INTO a VALUES (1)") }
    struct Refused: Error {}
    await #expect(throws: Refused.self) {
      try await pool.write { db in
        try db.execute("INSERT INTO b VALUES (1)")
        throw Refused()
      }
    }
    try await pool.write { db in
      try db.execute("INSERT INTO b VALUES (2); UPDATE a SET x = 2; INSERT INTO b VALUES (3)")
    }
    try pool.writeSynchronously { db in try db.execute("DELETE FROM a WHERE x = 2") }
    #expect(await iterator.next() == CommittedChanges(tables: ["a"]))
    #expect(await iterator.next() == CommittedChanges(tables: ["a", "b"]))
    #expect(await iterator.next() == CommittedChanges(tables: ["a"]))
    try await pool.close()
    #expect(await iterator.next() == nil)
  }

  @Test("a DELETE without WHERE or a WITHOUT ROWID table reports every table as possibly changed")
  func unattributed() async throws {
    try await withPool(recipe()) { pool in
      try await pool.write { db in try db.execute("INSERT INTO a VALUES (1), (2)") }
      let stream = try await pool.changes()
      var iterator = stream.makeAsyncIterator()
      try await pool.write { db in try db.execute("INSERT INTO b VALUES (1); DELETE FROM a") }
      try await pool.write { db in try db.execute("INSERT INTO w VALUES (1)") }
      try await pool.write { db in try db.execute("CREATE TABLE c(z)") }
      try await pool.write { db in try db.execute("INSERT INTO b VALUES (2)") }
      let truncated = await iterator.next()
      #expect(truncated?.tables == nil)
      #expect(truncated?.contains("anything") == true)
      #expect(await iterator.next()?.tables == nil)
      #expect(await iterator.next() == CommittedChanges(tables: []))
      let last = await iterator.next()
      #expect(last == CommittedChanges(tables: ["b"]))
      #expect(last?.contains("B") == true)
      #expect(last?.contains("a") == false)
    }
  }

  @Test("a read started after an element arrives sees that commit")
  func readAfterArrival() async throws {
    try await withPool(recipe()) { pool in
      let stream = try await pool.changes()
      let writer = Task {
        for value in 1...20 {
          try await pool.write { db in try db.execute("INSERT INTO a VALUES (?)", [value]) }
        }
      }
      var seen = 0
      for await change in stream where change.contains("a") {
        seen += 1
        let count = try await pool.read { db in
          try db.scalar("SELECT count(*) FROM a", as: Int.self)
        }
        #expect((count ?? 0) >= seen)
        if seen == 20 { break }
      }
      try await writer.value
      #expect(seen == 20)
    }
  }

  @Test("two streams both get every commit; automatic checkpoints still run")
  func twoStreamsAndCheckpoints() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    var configuration = ConnectionPool.Configuration()
    configuration.autoCheckpointPages = 4
    let pool = try await recipe(configuration).open(in: directory)
    let first = try await pool.changes()
    let second = try await pool.changes()
    for value in 0..<50 {
      try await pool.write { db in
        try db.execute("INSERT INTO b VALUES (?)", [String(repeating: "x", count: 3000 + value)])
      }
    }
    var counts = [0, 0]
    for (index, stream) in [first, second].enumerated() {
      for await change in stream {
        #expect(change == CommittedChanges(tables: ["b"]))
        counts[index] += 1
        if counts[index] == 50 { break }
      }
    }
    #expect(counts == [50, 50])
    // 50 commits of two pages or more each: without the automatic checkpoints every 4 frames,
    // the WAL would hold 100 frames or more.
    let result = try await pool.checkpoint(.passive)
    #expect(result.logFrames < 20)
    try await pool.close()
  }

  @Test("a stream asked for after close ends at once")
  func afterClose() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let pool = try await recipe().open(in: directory)
    _ = try await pool.changes()
    try await pool.close()
    await #expect(throws: SQLiteError.self) { _ = try await pool.changes() }
  }
}
