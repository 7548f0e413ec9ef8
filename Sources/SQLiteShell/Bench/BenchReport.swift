import Histogram

/// The human-readable `.bench` report, and its charts (drawn only on a terminal).
enum BenchReport {
  /// The report of one run, as lines.
  static func lines(_ result: BenchResult) -> [String] {
    let kind = result.unsafeReads ? ", unsafe reads" : ""
    var lines = [
      "\(result.workload) workload, \(count(result.readers, "reader")),"
        + " \(count(result.writers, "writer"))\(kind),"
        + " \(BenchFormat.fixed(result.seconds, 2)) s, seed \(result.seed)",
      BenchFormat.left("", 7) + BenchFormat.right("count", 10) + BenchFormat.right("per s", 11)
        + ["p50", "p90", "p99", "p99.9", "max"].map { BenchFormat.right($0 + " ms", 11) }
        .joined(),
    ]
    for (name, tally, rate) in [
      ("reads", result.reads, result.readsPerSecond),
      ("writes", result.writes, result.writesPerSecond),
    ] {
      let latencies = [50.0, 90, 99, 99.9].map { tally.milliseconds(atPercentile: $0) }
      lines.append(
        BenchFormat.left(name, 7) + BenchFormat.right("\(tally.completed)", 10)
          + BenchFormat.right(BenchFormat.fixed(rate, 1), 11)
          + (latencies + [tally.maximumMilliseconds]).map {
            BenchFormat.right(BenchFormat.fixed($0, 3), 11)
          }.joined())
    }
    let retries = result.reads.busyRetries + result.writes.busyRetries
    let failures = result.reads.failures + result.writes.failures
    lines.append(
      "BUSY retries: \(retries) (\(BenchFormat.fixed(result.busyRetriesPer100, 2)) per 100"
        + " transactions); failures: \(failures) (\(BenchFormat.fixed(result.failuresPer100, 2))"
        + " per 100)")
    for sample in result.reads.failureSamples + result.writes.failureSamples {
      lines.append("  failure: " + sample)
    }
    let late = result.reads.late + result.writes.late
    if late > 0 { lines.append("late (over --latency-limit): \(late)") }
    lines.append(
      "WAL: \(BenchFormat.bytes(result.walBytes)) at the end; checkpoints: \(result.checkpoints)")
    if result.workload == "bank" {
      lines.append("invariant violations: \(result.violations)")
      for sample in result.reads.violationSamples { lines.append("  " + sample) }
    }
    if let check = result.crossCheck {
      lines.append(
        "cross-check: \(check.reportedCommits) commits reported, \(check.historyRows) history"
          + " rows; total \(check.foundTotal) (expected \(check.expectedTotal)): "
          + (check.isIntact ? "intact" : "MISMATCH"))
    }
    lines.append("verdict: " + BenchVerdict.line(for: result))
    return lines
  }

  /// A sweep's summary table.
  static func sweepLines(_ results: [BenchResult]) -> [String] {
    var lines = ["sweep:  readers      reads/s   writes/s  read p99 ms  scaling  verdict"]
    let base = results.first?.readsPerSecond ?? 0
    for result in results {
      let scaling = base > 0 ? BenchFormat.fixed(result.readsPerSecond / base, 2) + "x" : "-"
      lines.append(
        BenchFormat.right("\(result.readers)", 15)
          + BenchFormat.right(BenchFormat.fixed(result.readsPerSecond, 0), 13)
          + BenchFormat.right(BenchFormat.fixed(result.writesPerSecond, 0), 11)
          + BenchFormat.right(BenchFormat.fixed(result.reads.milliseconds(atPercentile: 99), 3), 13)
          + BenchFormat.right(scaling, 9) + "  "
          + String(BenchVerdict.line(for: result).prefix { $0 != ":" }))
    }
    return lines
  }

  /// Bars of the latency distribution (log₂ buckets), for a terminal.
  static func latencyChart(_ name: String, _ tally: BenchTally, width: Int = 40) -> [String] {
    guard tally.latency.totalCount > 0 else { return [] }
    var buckets: [(UInt64, UInt64)] = []
    var upper: UInt64 = 1_000
    var remaining = tally.latency.totalCount
    var lower: UInt64 = 0
    while remaining > 0 && upper < UInt64.max / 4 {
      let count = tally.latency.count(within: lower...(upper - 1))
      if count > 0 || !buckets.isEmpty { buckets.append((upper, count)) }
      remaining -= min(remaining, count)
      lower = upper
      upper *= 2
    }
    let largest = buckets.map(\.1).max() ?? 1
    var lines = ["\(name) latency"]
    for (upper, count) in buckets {
      let bar = String(
        repeating: "█", count: Int((Double(count) / Double(largest) * Double(width))))
      lines.append(
        "  < " + BenchFormat.right(duration(upper), 8) + " " + BenchFormat.left(bar, width) + " "
          + "\(count)")
    }
    return lines
  }

  /// Bars of reads per second against reader count, for a terminal.
  static func sweepChart(_ results: [BenchResult], width: Int = 40) -> [String] {
    let largest = results.map(\.readsPerSecond).max() ?? 0
    guard largest > 0 else { return [] }
    return ["reads/s by readers"]
      + results.map {
        let bar = String(repeating: "█", count: Int($0.readsPerSecond / largest * Double(width)))
        return BenchFormat.right("\($0.readers)", 5) + " " + BenchFormat.left(bar, width) + " "
          + BenchFormat.fixed($0.readsPerSecond, 0)
      }
  }

  private static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)" + (number == 1 ? "" : "s")
  }

  private static func duration(_ nanoseconds: UInt64) -> String {
    if nanoseconds < 1_000_000 { return "\(nanoseconds / 1_000) µs" }
    if nanoseconds < 1_000_000_000 { return "\(nanoseconds / 1_000_000) ms" }
    return "\(nanoseconds / 1_000_000_000) s"
  }
}
