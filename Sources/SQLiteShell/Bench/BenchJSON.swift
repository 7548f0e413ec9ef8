/// The `--json` document of a `.bench` run (fields listed in `.help bench`).
enum BenchJSON {
  /// One run as a JSON object.
  static func object(_ result: BenchResult, extra: [(String, String)] = []) -> String {
    var fields: [(String, String)] = [
      ("workload", BenchFormat.jsonString(result.workload)),
      ("readers", "\(result.readers)"), ("writers", "\(result.writers)"),
      ("seed", "\(result.seed)"), ("unsafe_reads", "\(result.unsafeReads)"),
      ("seconds", BenchFormat.fixed(result.seconds, 3)),
      ("interrupted", "\(result.wasInterrupted)"),
      ("reads", "\(result.reads.completed)"), ("writes", "\(result.writes.completed)"),
      ("reads_per_second", BenchFormat.fixed(result.readsPerSecond, 1)),
      ("writes_per_second", BenchFormat.fixed(result.writesPerSecond, 1)),
      ("read_latency_ms", latency(result.reads)), ("write_latency_ms", latency(result.writes)),
      ("busy_retries", "\(result.reads.busyRetries + result.writes.busyRetries)"),
      ("busy_retries_per_100", BenchFormat.fixed(result.busyRetriesPer100, 3)),
      ("failures", "\(result.reads.failures + result.writes.failures)"),
      ("failures_per_100", BenchFormat.fixed(result.failuresPer100, 3)),
      ("failure_samples", strings(result.reads.failureSamples + result.writes.failureSamples)),
      ("late", "\(result.reads.late + result.writes.late)"),
      ("wal_bytes", "\(result.walBytes)"), ("checkpoints", "\(result.checkpoints)"),
      ("violations", "\(result.violations)"),
      ("violation_samples", strings(result.reads.violationSamples)),
    ]
    if let check = result.crossCheck {
      fields.append(
        (
          "cross_check",
          "{\"ok\": \(check.isIntact), \"reported_commits\": \(check.reportedCommits),"
            + " \"history_rows\": \(check.historyRows), \"expected_total\": \(check.expectedTotal),"
            + " \"found_total\": \(check.foundTotal)}"
        ))
    } else {
      fields.append(("cross_check", "null"))
    }
    fields.append(("verdict", BenchFormat.jsonString(BenchVerdict.line(for: result))))
    fields += extra
    return "{\n" + fields.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}"
  }

  /// A sweep: `{"sweep": [run, run, …]}`.
  static func sweep(_ results: [BenchResult]) -> String {
    let runs = results.map { object($0).replacingNewlines(with: "\n  ") }
    return "{\"sweep\": [\n  " + runs.joined(separator: ",\n  ") + "\n]}"
  }

  private static func latency(_ tally: BenchTally) -> String {
    let values = [("p50", 50.0), ("p90", 90.0), ("p99", 99.0), ("p99_9", 99.9)].map {
      "\"\($0.0)\": \(BenchFormat.fixed(tally.milliseconds(atPercentile: $0.1), 3))"
    }
    return "{"
      + (values + ["\"max\": \(BenchFormat.fixed(tally.maximumMilliseconds, 3))"])
      .joined(separator: ", ") + "}"
  }

  private static func strings(_ texts: [String]) -> String {
    "[" + texts.map(BenchFormat.jsonString).joined(separator: ", ") + "]"
  }
}

extension String {
  fileprivate func replacingNewlines(with replacement: String) -> String {
    split(separator: "\n", omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
