import SQLiteCore

/// Runs one `.bench` measurement on its own ``ConnectionPool``: sets the workload up, runs
/// the readers and writers as tasks, then checks the database against what they reported.
struct BenchRunner: Sendable {
  /// The options (with `readers` already set for this point of a sweep).
  var options: BenchOptions
  /// The workload, not yet resolved against the database.
  var workload: BenchWorkload
  /// The database file.
  var path: String
  /// The PRNG seed.
  var seed: UInt64
  /// The stop flag and live counters.
  var control: BenchControl
  /// `--commit-log`'s descriptor, or -1.
  var commitLog: Int32 = -1

  /// The busy timeout of the bench's writer: short, so `SQLITE_BUSY` reaches `--max-tries`.
  static let writerBusyTimeout: Int32 = 100

  /// What was set up before the measured part.
  struct Setup: Sendable {
    var workload: BenchWorkload
    var total: Int64
    var createdTables: Bool
  }

  /// Opens the pool, runs, checks, closes.
  func run() async throws -> BenchResult {
    // Room for every statement of the workload, so long scripts never re-prepare.
    let statements = (workload.reads + workload.writes).reduce(0) { $0 + $1.steps.count }
    let configuration = ConnectionPool.Configuration(
      maximumReaderCount: max(1, options.readers),
      statementCacheCapacity: max(64, statements + 16))
    let pool = try await ConnectionPool(path: path, configuration: configuration)
    let checkpoints = CheckpointCounter(threshold: configuration.autoCheckpointPages)
    control.attach(pool)
    // The counter outlives the pool: its hook is on the writer until the pool closes.
    defer { withExtendedLifetime(checkpoints) {} }
    do {
      let result = try await measure(pool, checkpoints)
      control.attach(nil)
      try await pool.close()
      return result
    } catch {
      control.attach(nil)
      try? await pool.close()
      throw error
    }
  }

  private func measure(
    _ pool: ConnectionPool, _ checkpoints: CheckpointCounter
  ) async throws -> BenchResult {
    let setup = try await setUp(pool, checkpoints)
    let workload = setup.workload
    let readers = workload.reads.isEmpty ? 0 : options.readers
    let writers = workload.writes.isEmpty ? 0 : options.writers
    let start = BenchControl.now()
    let plan = BenchWorker.Plan(
      options: options, workload: workload, seed: seed, start: start,
      workers: readers + writers, expectedTotal: workload.isBank ? setup.total : nil,
      commitLog: commitLog)
    let control = control
    var result = BenchResult(
      workload: workload.isBank ? "bank" : "custom", readers: readers, writers: writers,
      seed: seed, unsafeReads: options.unsafeReads, seconds: 0)
    await withTaskGroup(of: (BenchTransaction.Kind, BenchTally).self) { group in
      for index in 0..<(readers + writers) {
        let kind: BenchTransaction.Kind = index < readers ? .read : .write
        group.addTask {
          let worker = BenchWorker(
            plan: plan, pool: pool, control: control, index: index, kind: kind)
          return (kind, await worker.run())
        }
      }
      for await (kind, tally) in group {
        if kind == .read { result.reads.merge(tally) } else { result.writes.merge(tally) }
      }
    }
    result.seconds = Double(BenchControl.now() - start) / 1e9
    result.wasInterrupted = control.isStopped
    result.walBytes = pool.statistics.walSize
    result.checkpoints = checkpoints.count
    try await pool.writeWithoutTransaction { db in checkpoints.remove(from: db) }
    if workload.isBank {
      let runID = workload.constants["run"] ?? .null
      let found = try await pool.read { db in
        (
          try db.scalar(
            "SELECT count(*) FROM \(BenchWorkload.historyTable) WHERE run = ?", [runID],
            as: Int.self) ?? 0,
          try db.scalar("SELECT sum(balance) FROM \(BenchWorkload.accountsTable)", as: Int64.self)
            ?? 0
        )
      }
      result.crossCheck = BenchResult.CrossCheck(
        reportedCommits: result.writes.completed, historyRows: found.0,
        expectedTotal: setup.total, foundTotal: found.1)
    }
    if setup.createdTables && options.here {
      let patience = pool.configuration.busyTimeout
      try await pool.writeWithoutTransaction { db in
        // Another process may hold the lock longer than the workers' short timeout.
        db.setBusyTimeout(milliseconds: patience)
        try db.execute(
          "DROP TABLE \(BenchWorkload.accountsTable); DROP TABLE \(BenchWorkload.historyTable)")
      }
    }
    return result
  }

  private func setUp(
    _ pool: ConnectionPool, _ checkpoints: CheckpointCounter
  ) async throws -> Setup {
    let options = options
    let unresolved = workload
    return try await pool.writeWithoutTransaction { db in
      var workload = unresolved
      var total: Int64 = 0
      var created = false
      if workload.isBank {
        created = try BenchWorkload.createBank(on: db, accounts: options.accounts)
        let table = BenchWorkload.accountsTable
        total = try db.scalar("SELECT sum(balance) FROM \(table)", as: Int64.self) ?? 0
        let last = try db.scalar("SELECT max(id) FROM \(table)", as: Int64.self) ?? 0
        workload.parameters["src"] = .uniform(lower: 1, upper: max(1, last))
        workload.parameters["dst"] = .uniform(lower: 1, upper: max(1, last))
        workload.constants = [
          "run": .integer(Int64.random(in: 1...Int64.max)), "half": .integer(last / 2),
        ]
      }
      try workload.resolve(on: db)
      db.setBusyTimeout(milliseconds: Self.writerBusyTimeout)
      checkpoints.install(on: db)
      return Setup(workload: workload, total: total, createdTables: created)
    }
  }
}
