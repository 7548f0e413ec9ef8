/// The shell table: per workload the CPU time of each shell, the ratio and the peak memory.
struct ShellReport {
  private(set) var table = Table(header: [
    "workload", "sqlite3", "litesh", "litesh /sqlite3", "target", "met?",
    "peak RSS MiB sqlite3/litesh", "RSS ratio",
  ])
  /// Shell workloads never fail the run: a feature still missing shows as not there yet.
  let mismatches: [String] = []

  /// A workload whose litesh output differed on the small input.
  mutating func add(_ workload: ShellSuite.Workload, notYet reason: String) {
    table.add([
      workload.label, "", "n/a (not yet: \(reason))", "", targetText(workload), "n/a", "", "",
    ])
  }

  /// A timed workload.
  mutating func add(
    _ workload: ShellSuite.Workload, pairs: [(sqlite3: ChildResult, litesh: ChildResult)]
  ) {
    let reference = Summary(pairs.map(\.sqlite3.cpuSeconds))
    let candidate = Summary(pairs.map(\.litesh.cpuSeconds))
    let ratio = Summary(
      pairs.compactMap {
        $0.sqlite3.cpuSeconds > 0 ? $0.litesh.cpuSeconds / $0.sqlite3.cpuSeconds : nil
      })
    let referencePeak = pairs.map(\.sqlite3.peakKiB).max() ?? 0
    let candidatePeak = pairs.map(\.litesh.peakKiB).max() ?? 0
    let memoryRatio = referencePeak > 0 ? Double(candidatePeak) / Double(referencePeak) : 0
    var met = workload.target.isMet(by: ratio.median)
    if let memoryTarget = workload.memoryTarget { met = met && memoryTarget.isMet(by: memoryRatio) }
    if let limit = workload.peakLimit { met = met && Double(candidatePeak) <= limit * 1024 }
    table.add([
      workload.label, millisecondsText(reference), millisecondsText(candidate), ratioText(ratio),
      targetText(workload), met ? "yes" : "NO",
      "\(mebibytes(referencePeak)) / \(mebibytes(candidatePeak))", "\(format(memoryRatio, 2))×",
    ])
  }

  private func targetText(_ workload: ShellSuite.Workload) -> String {
    if let limit = workload.peakLimit {
      return "\(workload.target.text) CPU, ≤ \(format(limit, 0)) MiB"
    }
    guard let memoryTarget = workload.memoryTarget else { return workload.target.text }
    return "\(workload.target.text) time, \(memoryTarget.text) memory"
  }
}
