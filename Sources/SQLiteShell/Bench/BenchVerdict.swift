/// The one-line verdict at the end of a `.bench` report: the worst thing that happened first.
enum BenchVerdict {
  /// The verdict for `result`.
  static func line(for result: BenchResult) -> String {
    let stopped = result.wasInterrupted ? "stopped early; " : ""
    if let check = result.crossCheck, !check.isIntact {
      return stopped
        + "FAIL: the database does not hold what the run reported (\(check.historyRows) history"
        + " rows for \(check.reportedCommits) commits, total \(check.foundTotal) for"
        + " \(check.expectedTotal))"
    }
    if result.violations > 0 {
      if result.unsafeReads {
        return stopped
          + "ANOMALIES (as expected with --unsafe-reads): \(result.violations) reads saw a total"
          + " that never existed, because separate reads are separate snapshots"
      }
      return stopped
        + "FAIL: \(result.violations) reads saw a broken total inside one snapshot"
    }
    let failures = result.reads.failures + result.writes.failures
    if failures > 0 {
      return stopped
        + "DEGRADED: \(BenchFormat.fixed(result.failuresPer100, 2)) failures per 100"
        + " transactions (\(failures) in all)"
    }
    let rates =
      "\(BenchFormat.fixed(result.readsPerSecond, 0)) reads/s,"
      + " \(BenchFormat.fixed(result.writesPerSecond, 0)) writes/s"
    let consistency =
      result.workload == "bank"
      ? (result.unsafeReads
        ? "no anomaly seen (try a longer run)" : "every read saw a consistent total")
      : "no failures"
    let contention =
      result.busyRetriesPer100 > 0
      ? ", \(BenchFormat.fixed(result.busyRetriesPer100, 2)) BUSY retries per 100" : ""
    let late = result.reads.late + result.writes.late
    let lateText = late > 0 ? ", \(late) late" : ""
    return stopped + "OK: \(rates), \(consistency)\(contention)\(lateText)"
  }
}
