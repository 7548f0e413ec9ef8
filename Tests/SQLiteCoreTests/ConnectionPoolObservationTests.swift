import Foundation
import SQLiteCore
import TestSupport
import Testing

@Suite("ConnectionPool observation")
struct ConnectionPoolObservationTests {
  private func recipe(readers: Int = 4) -> PoolRecipe {
    PoolRecipe(
      schema: "CREATE TABLE a(x); CREATE TABLE b(y); CREATE VIEW v AS SELECT x, y FROM a JOIN b",
      ConnectionPool.Configuration(maximumReaderCount: readers))
  }

  /// Closes the pool when the test still runs after `testTimeout`.
  ///
  /// A value that never comes then ends the iteration (`nil`) and fails the test instead of
  /// hanging it. Cancel it at the end.
  private func watchdog(_ pool: ConnectionPool, after seconds: Double = testTimeout)
    -> Task<Void, Never>
  {
    Task {
      try? await Task.sleep(for: .seconds(seconds))
      if !Task.isCancelled { try? await pool.close() }
    }
  }

  /// Runs `body` on a pool of `recipe` (``withPool(_:isolation:_:)``) under a
  /// ``watchdog(_:after:)`` of `seconds`.
  private func withWatchedPool(
    _ recipe: PoolRecipe, after seconds: Double = testTimeout,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (ConnectionPool) async throws -> Void
  ) async throws {
    try await withPool(recipe) { pool in
      let deadline = watchdog(pool, after: seconds)
      defer { deadline.cancel() }
      try await body(pool)
    }
  }

  /// Observes `count(*)` of a table, counting the fetches.
  private func observeCount(_ pool: ConnectionPool, _ sql: String, _ fetches: Locked<Int>)
    -> QueryObservation<Int>
  {
    pool.observe { db in
      fetches.withLock { $0 += 1 }
      return try db.scalar(sql, as: Int.self) ?? 0
    }
  }

  @Test("the initial value, one value per relevant commit, and no fetch for an unrelated table")
  func valuesPerCommit() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let pool = try await recipe().open(in: directory)
    let deadline = watchdog(pool)
    defer { deadline.cancel() }
    let fetches = Locked(0)
    var values = observeCount(pool, "SELECT count(*) FROM a", fetches).makeAsyncIterator()
    #expect(try await values.next() == 0)
    try await pool.write { db in try db.execute("INSERT INTO a VALUES (1)") }
    #expect(try await values.next() == 1)
    try await pool.write { db in try db.execute("INSERT INTO b VALUES (1)") }
    try await pool.write { db in try db.execute("INSERT INTO a VALUES (2)") }
    #expect(try await values.next() == 2)
    #expect(fetches.value == 3)
    try await pool.close()
    #expect(try await values.next() == nil)
  }

  @Test("a commit to a table no observer read wakes nothing: no round of fetches starts")
  func unrelatedCommitStartsNoRound() async throws {
    try await withWatchedPool(recipe()) { pool in
      let fetches = Locked(0)
      let observation = observeCount(pool, "SELECT count(*) FROM a", fetches)
      let (firsts, first) = AsyncStream.makeStream(of: Int.self)
      let observer = Task {
        for try await value in observation {
          first.yield(value)
          if value == 1 { return value }
        }
        return -1
      }
      var values = firsts.makeAsyncIterator()
      #expect(await values.next() == 0)
      #expect(await eventually { pool.statistics.waitingObservers == 1 })
      let starts = pool.observationRoundStarts
      for x in 1...20 {
        try await pool.write { db in try db.execute("INSERT INTO b VALUES (?)", [x]) }
      }
      #expect(pool.observationRoundStarts == starts)
      #expect(fetches.value == 1)
      try await pool.write { db in try db.execute("INSERT INTO a VALUES (1)") }
      #expect(try await observer.value == 1)
      #expect(fetches.value == 2)
    }
  }

  @Test("a write setting PRAGMA wal_autocheckpoint does not end the observation")
  func autoCheckpointPragma() async throws {
    try await withWatchedPool(recipe()) { pool in
      let fetches = Locked(0)
      var values = observeCount(pool, "SELECT count(*) FROM a", fetches).makeAsyncIterator()
      #expect(try await values.next() == 0)
      // SQLite's `wal_autocheckpoint` replaces the connection's WAL hook, where commits are seen.
      try await pool.write { db in try db.execute("PRAGMA wal_autocheckpoint = 500") }
      try await pool.write { db in try db.execute("INSERT INTO a VALUES (1)") }
      #expect(try await values.next() == 1)
      // The pragma and a write in one access, then writes that set none: each value comes.
      try await pool.writeWithoutTransaction { db in
        try db.execute("PRAGMA wal_autocheckpoint = 600")
        try db.execute("INSERT INTO a VALUES (2)")
      }
      #expect(try await values.next() == 2)
      try await pool.write { db in
        try db.execute("PRAGMA wal_autocheckpoint = 700; INSERT INTO a VALUES (3)")
      }
      #expect(try await values.next() == 3)
      for count in 4...6 {
        try await pool.write { db in try db.execute("INSERT INTO a VALUES (?)", [count]) }
        #expect(try await values.next() == count)
      }
    }
  }

  @Test(
    "commits made before the next value is asked for lead to one fetch, and equal values are skipped"
  )
  func coalescedAndDeduplicated() async throws {
    try await withWatchedPool(recipe()) { pool in
      let fetches = Locked(0)
      var values = observeCount(pool, "SELECT count(*) FROM a", fetches).makeAsyncIterator()
      #expect(try await values.next() == 0)
      for x in 1...3 {
        try await pool.write { db in try db.execute("INSERT INTO a VALUES (?)", [x]) }
      }
      #expect(try await values.next() == 3)
      #expect(fetches.value == 2)
      // A commit to the table that leaves the count alone: fetched, not yielded.
      try await pool.write { db in try db.execute("UPDATE a SET x = x + 1") }
      try await pool.write { db in try db.execute("INSERT INTO a VALUES (9)") }
      #expect(try await values.next() == 4)
    }
  }

  @Test("the tables come from the statements: through a view, and from statements cached before")
  func tablesFromStatements() async throws {
    try await withWatchedPool(recipe(readers: 1)) { pool in
      let sql = "SELECT count(*) FROM v"
      try await pool.write { db in try db.execute("INSERT INTO a VALUES (1)") }
      // Cache the statement on the only reader before observing: no authorizer saw it prepared.
      _ = try await pool.read { db in try db.scalar(sql, as: Int.self) }
      let fetches = Locked(0)
      var values = observeCount(pool, sql, fetches).makeAsyncIterator()
      #expect(try await values.next() == 0)
      // v is a JOIN of a and b: a commit to either changes its count.
      try await pool.write { db in try db.execute("INSERT INTO b VALUES (1)") }
      #expect(try await values.next() == 1)
      try await pool.write { db in try db.execute("INSERT INTO a VALUES (2)") }
      #expect(try await values.next() == 2)
      #expect(fetches.value == 3)
    }
  }

  @Test("cancelling the task ends the iteration")
  func cancellation() async throws {
    try await withWatchedPool(recipe()) { pool in
      let (firsts, first) = AsyncStream.makeStream(of: Int.self)
      let observation = pool.observe { db in
        try db.scalar("SELECT count(*) FROM a", as: Int.self) ?? 0
      }
      let task = Task {
        var values: [Int] = []
        for try await value in observation {
          values.append(value)
          first.yield(value)
        }
        return values
      }
      var iterator = firsts.makeAsyncIterator()
      #expect(await iterator.next() == 0)
      task.cancel()
      #expect(try await task.value == [0])
      // The writer goes on without the observer.
      try await pool.write { db in try db.execute("INSERT INTO a VALUES (1)") }
    }
  }

  @Test("a fetch that fails ends the iteration with its error")
  func failedFetch() async throws {
    try await withWatchedPool(recipe()) { pool in
      var values = pool.observe { db in
        try db.query("SELECT x FROM a").map { try $0.get(0, as: Int.self) }
      }
      .makeAsyncIterator()
      #expect(try await values.next() == [])
      try await pool.write { db in try db.execute("INSERT INTO a VALUES ('abc')") }
      var failure: (any Error)?
      do { _ = try await values.next() } catch { failure = error }
      #expect(failure is SQLiteError)
      #expect(try await values.next() == nil)
    }
  }

  @Test("the user's own hooks and authorizer keep working beside observation and changes()")
  func composesWithHooks() async throws {
    try await withWatchedPool(recipe(readers: 1)) { pool in
      let commits = Locked(0)
      try await pool.writeWithoutTransaction { db in db.onCommit { commits.withLock { $0 += 1 } } }
      let changes = try await pool.changes()
      var changed = changes.makeAsyncIterator()
      var values = pool.observe { db in
        // The user's authorizer on the reader runs too, and hides nothing here.
        try db.setAuthorizer { _ in .allow }
        return try db.scalar("SELECT count(*) FROM a", as: Int.self) ?? 0
      }.makeAsyncIterator()
      #expect(try await values.next() == 0)
      try await pool.write { db in try db.execute("INSERT INTO a VALUES (1)") }
      #expect(try await values.next() == 1)
      #expect(commits.value == 1)
      // Removing the user's hook leaves the library's in place.
      try await pool.writeWithoutTransaction { db in db.onCommit(nil) }
      try await pool.write { db in try db.execute("INSERT INTO a VALUES (2)") }
      #expect(try await values.next() == 2)
      #expect(commits.value == 1)
      #expect(await changed.next()?.contains("a") == true)
      #expect(await changed.next()?.contains("a") == true)
    }
  }

  @Test("ten observers follow one writer and each sees the last value")
  func manyObservers() async throws {
    // 0.08 s alone under TSan, but 32-35 s in `make test-tsan`, where the bench and concurrency
    // suites beside it keep the two cooperative threads busy: a deadline, not a wait, so long.
    try await withWatchedPool(recipe(), after: 150) { pool in
      let observation = pool.observe { db in
        try db.scalar("SELECT count(*) FROM a", as: Int.self) ?? 0
      }
      try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<10 {
          group.addTask {
            for try await value in observation where value == 50 { return value }
            return -1
          }
        }
        for x in 1...50 {
          try await pool.write { db in try db.execute("INSERT INTO a VALUES (?)", [x]) }
        }
        for try await value in group { #expect(value == 50) }
      }
    }
  }

  @Test("the observers due after a commit fetch together, on one reader and one snapshot")
  func oneReadPerRound() async throws {
    try await withWatchedPool(recipe()) { pool in
      // Which connection each fetch of a value of 1 ran on (the first values are 0).
      let readers = Locked<Set<ObjectIdentifier>>([])
      let observation = pool.observe { db in
        let count = try db.scalar("SELECT count(*) FROM a", as: Int.self) ?? 0
        if count == 1 { readers.withLock { _ = $0.insert(ObjectIdentifier(db)) } }
        return count
      }
      let (ready, started) = AsyncStream.makeStream(of: Void.self)
      try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<6 {
          group.addTask {
            for try await value in observation {
              if value == 0 { started.yield() } else { return value }
            }
            return -1
          }
        }
        // Every observer has its first value and waits for the next before the commit.
        var firsts = ready.makeAsyncIterator()
        for _ in 0..<6 { await firsts.next() }
        #expect(await eventually { pool.statistics.waitingObservers == 6 })
        try await pool.write { db in try db.execute("INSERT INTO a VALUES (1)") }
        for try await value in group { #expect(value == 1) }
      }
      #expect(readers.value.count == 1)
      // Rounds never overlap, so observing never needed a second reader.
      #expect(pool.statistics.readersOpened == 1)
    }
  }

  @Test("an observation a loop leaves with break lets its query go, without cancelling")
  func breakReleasesTheObserver() async throws {
    try await withPool(recipe()) { pool in
      weak var watched: ObservedToken?
      do {
        let token = ObservedToken()
        watched = token
        for try await count in pool.observe({ db in
          withExtendedLifetime(token) {}
          return try db.scalar("SELECT count(*) FROM a", as: Int.self) ?? 0
        }) {
          if count == 0 { break }
        }
      }
      // Commits after the loop ended: an entry still registered would keep being marked.
      for value in 1...3 {
        try await pool.write { db in try db.execute("INSERT INTO a VALUES (?)", [value]) }
      }
      #expect(watched == nil, "the hub still holds the abandoned observation's fetch")
    }
  }
}

/// Captured by an observed query, to see when the pool lets the query go.
private final class ObservedToken: Sendable {}
