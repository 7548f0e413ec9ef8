import BenchKit
import GRDB

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// W7 through GRDB: `ValueObservation.tracking { … }.removeDuplicates().values(in: pool)`.
enum GRDBObservation {
  static func run(_ options: Options) async throws {
    let extra = ObservationOptions()
    var configuration = GRDBWorkloads.configuration()
    configuration.maximumReaderCount = max(1, extra.observers)
    let pool = try DatabasePool(path: options.database, configuration: configuration)
    try await pool.write { db in
      try db.execute(sql: Rows.createTable)
      try db.execute(sql: ObservationOptions.createUnrelatedTable)
    }
    let stamps = CommitStamps(capacity: 20_000_000)
    let writer = WriterThreadClock()
    let query = extra.query
    let observation = ValueObservation.tracking { db in
      try Int64.fetchOne(db, sql: query) ?? 0
    }.removeDuplicates()
    let observers = observeLatencies(count: extra.observers, stamps: stamps) {
      observation.values(in: pool)
    }
    var clock = Measurement()
    let id = try await commitLoop(
      seconds: options.seconds, paceMicroseconds: extra.paceMicroseconds,
      capacity: stamps.capacity
    ) { id in
      try await pool.write { db in
        try db.execute(
          sql: Rows.insert, arguments: [id, Rows.a(id), Rows.b(id), Rows.c(id)])
        stamps.stamp(id)
        writer.note()
      }
    }
    clock.stop()
    let writerCPU = writer.text
    observers.cancel()
    let latencies = try await observers.value
    try pool.close()
    clock.report(
      check: "-",
      extra: "writes=\(id) observers=\(extra.observers) \(latencies.text) \(writerCPU)")
  }
}
