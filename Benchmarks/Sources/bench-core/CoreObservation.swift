import BenchKit
import SQLiteCore

/// W7: one writer commits one-row transactions for `seconds` (every `pace` µs, or flat out)
/// while `observers` tasks observe `SELECT max(id) FROM t`; each records, for every value it
/// receives, the time since that row's commit.
enum CoreObservation {
  static func run(_ options: Options) async throws {
    let extra = ObservationOptions()
    let pool = try await ConnectionPool(
      path: options.database,
      configuration: ConnectionPool.Configuration(maximumReaderCount: max(1, extra.observers)))
    try await pool.write { db in
      try db.execute(Rows.createTable)
      try db.execute(ObservationOptions.createUnrelatedTable)
    }
    let stamps = CommitStamps(capacity: 20_000_000)
    let writer = WriterThreadClock()
    let query = extra.query
    let observation = pool.observe { db in
      try db.scalar(query, as: Int64.self) ?? 0
    }
    let observers = observeLatencies(count: extra.observers, stamps: stamps) { observation }
    var clock = Measurement()
    let id = try await commitLoop(
      seconds: options.seconds, paceMicroseconds: extra.paceMicroseconds,
      capacity: stamps.capacity
    ) { id in
      try await pool.write { db in
        try db.execute(Rows.insert, id, Rows.a(id), Rows.b(id), Rows.c(id))
        stamps.stamp(id)
        writer.note()
      }
    }
    clock.stop()
    let writerCPU = writer.text
    observers.cancel()
    let latencies = try await observers.value
    try await pool.close()
    clock.report(
      check: "-",
      extra: "writes=\(id) observers=\(extra.observers) \(latencies.text) \(writerCPU)")
  }
}
