import BenchKit
import GRDB

/// W5 through `DatabasePool`: readers doing lookups while one writer commits, for a fixed time.
enum GRDBConcurrent {
  static func run(_ options: Options) async throws {
    var configuration = GRDBWorkloads.configuration()
    configuration.maximumReaderCount = options.readers
    let pool = try DatabasePool(path: options.database, configuration: configuration)
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
              let lookup = try db.cachedStatement(sql: Rows.lookup)
              for _ in 0..<batch {
                guard let row = try Row.fetchOne(lookup, arguments: [random.id(rows: rows)]) else {
                  fail("lookup found no row")
                }
                _ = row[0] as Int64
                _ = row[2] as String
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
            try db.cachedStatement(sql: Rows.insert).execute(arguments: [
              next, Rows.a(next), Rows.b(next), Rows.c(next),
            ])
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
    clock.report(check: "-", extra: "reads=\(reads) writes=\(writes)")
  }
}
