import Histogram

/// What one kind of transaction (reads or writes) did: counts and a latency histogram.
///
/// Each worker keeps its own and the runner merges them at the end, so recording never
/// takes a lock.
struct BenchTally: Sendable {
  /// Latencies in nanoseconds (from the scheduled start under `--rate`).
  var latency = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
  /// Transactions that committed (writes) or finished (reads).
  var completed = 0
  /// Retries after `SQLITE_BUSY`.
  var busyRetries = 0
  /// Transactions that failed for good (out of tries, or another error).
  var failures = 0
  /// Transactions slower than `--latency-limit`.
  var late = 0
  /// Reads that saw the bank's total broken.
  var violations = 0
  /// The first few violations, described.
  var violationSamples: [String] = []
  /// The first few failure messages.
  var failureSamples: [String] = []

  static let sampleLimit = 5

  init() {
    latency.autoResize = true
  }

  /// Records one finished transaction's latency.
  mutating func record(nanoseconds: UInt64, limit: UInt64?) {
    completed += 1
    _ = latency.record(max(1, nanoseconds))
    if let limit, nanoseconds > limit { late += 1 }
  }

  /// Records a failure and keeps its message if it is among the first few.
  mutating func fail(_ message: String) {
    failures += 1
    if failureSamples.count < Self.sampleLimit && !failureSamples.contains(message) {
      failureSamples.append(message)
    }
  }

  /// Records a broken invariant.
  mutating func violate(_ description: String) {
    violations += 1
    if violationSamples.count < Self.sampleLimit { violationSamples.append(description) }
  }

  /// Adds another worker's tally to this one.
  mutating func merge(_ other: BenchTally) {
    latency.add(other.latency)
    completed += other.completed
    busyRetries += other.busyRetries
    failures += other.failures
    late += other.late
    violations += other.violations
    for sample in other.violationSamples where violationSamples.count < Self.sampleLimit {
      violationSamples.append(sample)
    }
    for sample in other.failureSamples
    where failureSamples.count < Self.sampleLimit && !failureSamples.contains(sample) {
      failureSamples.append(sample)
    }
  }

  /// Latency at `percentile` (0–100) in milliseconds; 0 when nothing was recorded.
  func milliseconds(atPercentile percentile: Double) -> Double {
    guard latency.totalCount > 0 else { return 0 }
    return Double(latency.valueAtPercentile(percentile)) / 1e6
  }

  /// The slowest latency in milliseconds.
  var maximumMilliseconds: Double {
    latency.totalCount > 0 ? Double(latency.max) / 1e6 : 0
  }
}
