import BenchKit
import SQLiteCore

/// W5 through `ConnectionPool`: readers doing lookups while one writer commits, for a fixed time.
enum CoreConcurrent {
  static func run(_ options: Options) async throws {
    let configuration = ConnectionPool.Configuration(
      maximumReaderCount: options.readers, busyTimeout: 10_000)
    let pool = try await ConnectionPool(path: options.database, configuration: configuration)
    let rows = options.rows
    let batch = options.batch
    let deadline = ContinuousClock.now + .milliseconds(Int(options.seconds * 1000))
    var clock = Measurement()
    let (reads, writes) = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
      for reader in 0..<options.readers {
        group.addTask {
          var random = Xorshift(offset: UInt64(reader))
          var done = 0
          while ContinuousClock.now < deadline {
            let start = random
            random = try await pool.read { db in
              var random = start
              let lookup = try db.cachedStatement(Rows.lookup)
              for _ in 0..<batch {
                try lookup.bind([random.id(rows: rows)])
                guard try lookup.step() else { fail("lookup found no row") }
                _ = lookup.int64(at: 0)
                _ = lookup.string(at: 2)
                lookup.reset()
              }
              return random
            }
            done += batch
          }
          return (done, 0)
        }
      }
      group.addTask {
        var id = Int64(rows)
        var done = 0
        while ContinuousClock.now < deadline {
          id += 1
          let next = id
          try await pool.write { db in
            try db.execute(Rows.insert, [next, Rows.a(next), Rows.b(next), Rows.c(next)])
          }
          done += 1
        }
        return (0, done)
      }
      var total = (0, 0)
      for try await (reads, writes) in group {
        total.0 += reads
        total.1 += writes
      }
      return total
    }
    clock.stop()
    try await pool.close()
    clock.report(check: "-", extra: "reads=\(reads) writes=\(writes)")
  }
}
