/// One library under measurement, with the worker executable that runs its workloads.
enum Implementation: String, CaseIterable {
  case c
  case core
  case grdb

  /// The name in the table.
  var label: String {
    switch self {
    case .c: "C"
    case .core: "SQLiteCore"
    case .grdb: "GRDB"
    }
  }

  /// The worker's file name, beside the driver.
  var executable: String { "bench-\(rawValue)" }
}

/// What one worker run printed and cost.
struct WorkerRun {
  /// The worker printed `pending`: the implementation is not there yet.
  var isPending = false
  /// Process CPU time of the workload alone, in seconds.
  var cpu = 0.0
  /// Wall time of the workload alone, in seconds.
  var wall = 0.0
  /// W5: lookups and write transactions completed.
  var reads = 0.0
  var writes = 0.0
  /// The result every implementation must agree on.
  var check = ""
  /// Peak RSS of the whole worker process, in KiB.
  var peakKiB = 0

  /// Parses `ok cpu_ns=… wall_ns=… [reads=… writes=…] check=…`; `nil` for anything else.
  init?(line: String, peakKiB: Int) {
    self.peakKiB = peakKiB
    let words = line.split(separator: " ")
    if words.first == "pending" {
      isPending = true
      return
    }
    guard words.first == "ok" else { return nil }
    for word in words.dropFirst() {
      let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2 else { continue }
      switch parts[0] {
      case "cpu_ns": cpu = (Double(parts[1]) ?? 0) / 1e9
      case "wall_ns": wall = (Double(parts[1]) ?? 0) / 1e9
      case "reads": reads = Double(parts[1]) ?? 0
      case "writes": writes = Double(parts[1]) ?? 0
      case "check": check = parts[1]
      default: break
      }
    }
  }

  /// W5 lookups per second.
  var readRate: Double { wall > 0 ? reads / wall : 0 }
  /// W5 write transactions per second.
  var writeRate: Double { wall > 0 ? writes / wall : 0 }
  /// W5 reads and writes in one figure: the geometric mean of the two rates, so a ratio of it
  /// is the geometric mean of the reads' and the writes' ratios (neither can hide the other).
  var bothRate: Double { (readRate * writeRate).squareRoot() }
}

/// A target on the ratio SQLiteCore / C (or litesh / sqlite3).
enum Target {
  /// Lower is better: met when the median ratio is at most this.
  case atMost(Double)
  /// Higher is better: met when the median ratio is at least this.
  case atLeast(Double)

  /// The target as the issue writes it.
  var text: String {
    switch self {
    case .atMost(let limit): "≤ \(format(limit, 2))×"
    case .atLeast(let limit): "≥ \(format(limit, 2))×"
    }
  }

  /// Whether `ratio` meets the target.
  func isMet(by ratio: Double) -> Bool {
    switch self {
    case .atMost(let limit): ratio <= limit
    case .atLeast(let limit): ratio >= limit
    }
  }
}
