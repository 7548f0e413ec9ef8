/// The outcome of one `.bench` run, merged over its workers and checked against the database.
struct BenchResult: Sendable {
  /// What the bank's tables hold after the run, against what the workers reported.
  struct CrossCheck: Sendable, Equatable {
    /// Transfers the writers reported committed.
    var reportedCommits: Int
    /// History rows this run's id wrote.
    var historyRows: Int
    /// The bank's total before the run.
    var expectedTotal: Int64
    /// The bank's total after the run.
    var foundTotal: Int64

    /// Whether every reported commit is in the database and the total is unchanged.
    var isIntact: Bool { reportedCommits == historyRows && expectedTotal == foundTotal }
  }

  /// `bank` or `custom`.
  var workload: String
  /// Reader tasks.
  var readers: Int
  /// Writer tasks.
  var writers: Int
  /// The PRNG seed (repeat the run with `--seed`).
  var seed: UInt64
  /// Whether reads ran one statement per snapshot.
  var unsafeReads: Bool
  /// Wall time of the measured part, in seconds.
  var seconds: Double
  /// Whether the run was stopped before its end (Ctrl-C, SIGTERM or SIGHUP).
  var wasInterrupted = false
  /// What the readers did.
  var reads = BenchTally()
  /// What the writers did.
  var writes = BenchTally()
  /// The `-wal` file's size at the end, in bytes.
  var walBytes: Int64 = 0
  /// Checkpoints the writer ran (automatic ones included).
  var checkpoints = 0
  /// The bank's cross-check; `nil` for custom workloads.
  var crossCheck: CrossCheck?

  /// Reads per second.
  var readsPerSecond: Double { seconds > 0 ? Double(reads.completed) / seconds : 0 }
  /// Committed writes per second.
  var writesPerSecond: Double { seconds > 0 ? Double(writes.completed) / seconds : 0 }
  /// All transactions tried (finished or failed).
  var attempted: Int {
    reads.completed + reads.failures + writes.completed + writes.failures
  }
  /// BUSY retries per 100 transactions.
  var busyRetriesPer100: Double { per100(reads.busyRetries + writes.busyRetries) }
  /// Failures per 100 transactions.
  var failuresPer100: Double { per100(reads.failures + writes.failures) }
  /// Invariant violations seen by readers.
  var violations: Int { reads.violations }

  private func per100(_ count: Int) -> Double {
    attempted > 0 ? Double(count) * 100 / Double(attempted) : 0
  }
}
