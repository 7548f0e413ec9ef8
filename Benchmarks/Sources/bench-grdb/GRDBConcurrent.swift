import BenchKit
import GRDB

/// W5 through `DatabasePool`: readers doing lookups while one writer commits, for a fixed time.
enum GRDBConcurrent {
  static func run(_ options: Options) async throws {
    var configuration = GRDBWorkloads.configuration()
    configuration.maximumReaderCount =
      options.poolReaders > 0 ? options.poolReaders : options.readers
    let pool = try DatabasePool(path: options.database, configuration: configuration)
    let rows = options.rows
    let batch = options.batch
    @Sendable func lookups(_ db: Database, _ start: Xorshift) throws -> Xorshift {
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
    @Sendable func insert(_ db: Database, _ id: Int64) throws {
      try db.cachedStatement(sql: Rows.insert).execute(arguments: [
        id, Rows.a(id), Rows.b(id), Rows.c(id),
      ])
    }
    var clock = Measurement()
    let (reads, writes) =
      options.callers == "threads"
      ? try await ThreadLoad.run(
        options, read: { start in try pool.read { db in try lookups(db, start) } },
        write: { id in try pool.write { db in try insert(db, id) } })
      : try await ConcurrentLoad.run(
        options, read: { start in try await pool.read { db in try lookups(db, start) } },
        write: { id in try await pool.write { db in try insert(db, id) } })
    clock.stop()
    clock.report(check: "-", extra: "reads=\(reads) writes=\(writes)")
  }
}
