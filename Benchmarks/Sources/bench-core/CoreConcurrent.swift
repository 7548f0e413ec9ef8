import BenchKit
import SQLiteCore

/// W5 through `ConnectionPool`: readers doing lookups while one writer commits, for a fixed time.
enum CoreConcurrent {
  static func run(_ options: Options) async throws {
    var configuration = ConnectionPool.Configuration(
      maximumReaderCount: options.poolReaders > 0 ? options.poolReaders : options.readers,
      busyTimeout: 10_000)
    if let niceness = options.readerNiceness { configuration.readerThreadNiceness = niceness }
    let pool = try await ConnectionPool(path: options.database, configuration: configuration)
    let rows = options.rows
    let batch = options.batch
    @Sendable func lookups(_ db: Connection, _ start: Xorshift) throws -> Xorshift {
      var random = start
      let lookup = try db.cachedStatement(Rows.lookup)
      for _ in 0..<batch {
        try lookup.bind(random.id(rows: rows))
        guard try lookup.step() else { fail("lookup found no row") }
        _ = lookup.int64(at: 0)
        _ = lookup.string(at: 2)
        lookup.reset()
      }
      return random
    }
    @Sendable func insert(_ db: Connection, _ id: Int64) throws {
      try db.execute(Rows.insert, id, Rows.a(id), Rows.b(id), Rows.c(id))
    }
    var clock = Measurement()
    let (reads, writes) =
      options.callers == "threads"
      ? try await ThreadLoad.run(
        options, read: { start in try pool.readSynchronously { db in try lookups(db, start) } },
        write: { id in try pool.writeSynchronously { db in try insert(db, id) } })
      : try await ConcurrentLoad.run(
        options, read: { start in try await pool.read { db in try lookups(db, start) } },
        write: { id in try await pool.write { db in try insert(db, id) } },
        readerScope: { loop in
          options.callers == "affinity"
            ? try await pool.withReaderAffinity { try await loop() } : try await loop()
        },
        writerScope: { loop in
          options.callers == "affinity"
            ? try await pool.withWriterAffinity { try await loop() } : try await loop()
        })
    clock.stop()
    try await pool.close()
    clock.report(check: "-", extra: "reads=\(reads) writes=\(writes)")
  }
}
