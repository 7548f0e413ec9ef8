import SQLiteCore
import Synchronization

/// One reader or writer of a `.bench` run: draws transactions, runs them on the pool, retries
/// on `SQLITE_BUSY`, and records what happened in its own ``BenchTally``.
struct BenchWorker: Sendable {
  /// What every worker of a run shares.
  struct Plan: Sendable {
    var options: BenchOptions
    var workload: BenchWorkload
    var seed: UInt64
    /// The run's start on ``BenchControl/now()``.
    var start: UInt64
    /// Readers and writers in all (for `--rate`).
    var workers: Int
    /// The bank's total readers must see; `nil` for custom workloads.
    var expectedTotal: Int64?
    /// `--commit-log`'s descriptor, or -1.
    var commitLog: Int32 = -1
  }

  /// How a write access ended.
  struct WriteOutcome: Sendable {
    var retries = 0
    var failure: SQLiteError?
  }

  let plan: Plan
  let pool: ConnectionPool
  let control: BenchControl
  let index: Int
  let kind: BenchTransaction.Kind

  /// Runs until the duration passes, the transactions are done, or the run is stopped.
  func run() async -> BenchTally {
    let options = plan.options
    var random = BenchRandom(seed: plan.seed, stream: UInt64(index))
    var tally = BenchTally()
    let order = plan.workload.parameterSamplers
    let transactions = kind == .read ? plan.workload.reads : plan.workload.writes
    let deadline = options.duration.map { plan.start + UInt64($0 * 1e9) }
    let limit = options.latencyLimit.map { UInt64($0 * 1e6) }
    let interval = options.rate.map { UInt64(1e9 * Double(plan.workers) / $0) }
    var scheduled = plan.start + (interval ?? 0) * UInt64(index) / UInt64(max(1, plan.workers))
    var count = 0
    while !control.isStopped, count < options.transactions ?? Int.max {
      var began = BenchControl.now()
      if let deadline, began >= deadline { break }
      if let interval {
        if let deadline, scheduled >= deadline { break }
        if began < scheduled {
          try? await Task.sleep(for: .nanoseconds(Int64(scheduled - began)))
          if control.isStopped { break }
        }
        began = scheduled
        scheduled += interval
      }
      let (transaction, values) = plan.workload.draw(from: transactions, order: order, &random)
      count += 1
      if kind == .read {
        await read(transaction, values, began: began, number: count, limit: limit, &tally)
      } else {
        await write(transaction, values, began: began, limit: limit, &tally)
      }
    }
    return tally
  }

  private func read(
    _ transaction: BenchTransaction, _ values: [String: Value], began: UInt64, number: Int,
    limit: UInt64?, _ tally: inout BenchTally
  ) async {
    var tries = 1
    while true {
      do {
        let total: Int64
        if plan.options.unsafeReads {
          var sum: Int64 = 0
          for step in transaction.steps {
            sum &+= try await pool.read { db in try BenchTransaction.run(step, on: db, values) }
          }
          total = sum
        } else {
          total = try await pool.read { db in try transaction.runAll(on: db, values) }
        }
        let end = BenchControl.now()
        tally.record(nanoseconds: end &- began, limit: limit)
        control.reads.add(1, ordering: .relaxed)
        if let expected = plan.expectedTotal, total != expected {
          let seconds = Double((end &- plan.start) / 1_000_000) / 1000
          tally.violate(
            "reader \(index + 1), read \(number), at \(seconds) s: total \(total), expected"
              + " \(expected)")
        }
        return
      } catch {
        if control.isStopped { return }
        if Self.isBusy(error) && tries < plan.options.maxTries {
          tries += 1
          tally.busyRetries += 1
          continue
        }
        tally.fail(Self.describe(error))
        return
      }
    }
  }

  private func write(
    _ transaction: BenchTransaction, _ values: [String: Value], began: UInt64, limit: UInt64?,
    _ tally: inout BenchTally
  ) async {
    let maxTries = plan.options.maxTries
    let commitLog = plan.commitLog
    let outcome: WriteOutcome
    do {
      outcome = try await pool.writeWithoutTransaction { db in
        Self.transact(transaction, values, on: db, maxTries: maxTries, commitLog: commitLog)
      }
    } catch {
      if !control.isStopped { tally.fail(Self.describe(error)) }
      return
    }
    tally.busyRetries += outcome.retries
    if let failure = outcome.failure {
      if !(control.isStopped && failure.primaryCode == .interrupt) {
        tally.fail(Self.describe(failure))
      }
      return
    }
    tally.record(nanoseconds: BenchControl.now() &- began, limit: limit)
    control.writes.add(1, ordering: .relaxed)
  }

  /// `BEGIN IMMEDIATE`, the statements, `COMMIT`; tried again on `SQLITE_BUSY`, up to `maxTries`.
  ///
  /// Once `COMMIT` returns, the last inserted rowid goes to `commitLog` (when not -1) in one
  /// `write(2)`: a process killed a moment later has reported only what is committed.
  static func transact(
    _ transaction: BenchTransaction, _ values: [String: Value], on db: Connection, maxTries: Int,
    commitLog: Int32 = -1
  ) -> WriteOutcome {
    var outcome = WriteOutcome()
    while true {
      do {
        try db.beginTransaction(.immediate)
        do {
          _ = try transaction.runAll(on: db, values)
          try db.commit()
          if commitLog >= 0 { BenchCommitLog.append(db.lastInsertRowID, to: commitLog) }
        } catch {
          try? db.rollback()
          throw error
        }
        return outcome
      } catch {
        let sqliteError =
          error as? SQLiteError ?? SQLiteError(code: .error, message: "\(error)")
        if sqliteError.primaryCode == .busy && outcome.retries + 1 < maxTries {
          outcome.retries += 1
          continue
        }
        outcome.failure = sqliteError
        return outcome
      }
    }
  }

  static func isBusy(_ error: any Error) -> Bool {
    (error as? SQLiteError)?.primaryCode == .busy
  }

  static func describe(_ error: any Error) -> String {
    guard let error = error as? SQLiteError else { return "\(error)" }
    return error.message + (error.primaryCode == .busy ? " (SQLITE_BUSY)" : "")
  }
}
