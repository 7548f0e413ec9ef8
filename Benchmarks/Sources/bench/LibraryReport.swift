/// Turns the library rounds into the table and checks that the implementations agree.
struct LibraryReport {
  let workloads: [LibrarySuite.Workload]
  let results: [[Implementation: [WorkerRun]]]

  /// Problems found: an implementation whose result differs from C's, or a W5 run with no work.
  var mismatches: [String] {
    var problems: [String] = []
    for (workload, byImplementation) in zip(workloads, results) {
      let reference = byImplementation[.c]?.first?.check ?? ""
      for (implementation, runs) in byImplementation {
        for run in runs where !run.isPending {
          if workload.isConcurrent {
            if run.reads <= 0 || run.writes <= 0 {
              problems.append("\(workload.label): \(implementation.label) did no reads or writes")
            }
          } else if run.check != reference {
            problems.append(
              "\(workload.label): \(implementation.label) gave \(run.check), C gave \(reference)")
          }
        }
      }
    }
    return problems
  }

  /// The table: times (or rates), ratios with their per-round range, target, peak RSS.
  func table() -> Table {
    var table = Table(header: [
      "workload", "C", "SQLiteCore", "GRDB", "SQLiteCore /C", "SQLiteCore /GRDB", "GRDB /C",
      "target", "met?", "peak RSS MiB C/Core/GRDB",
    ])
    for (workload, runs) in zip(workloads, results) {
      if workload.isConcurrent {
        table.add(
          row(workload.label + " reads", runs, workload.target, \.readRate, rateText, workload.peer)
        )
        table.add(
          row(
            workload.label + " writes", runs, workload.writeTarget, \.writeRate, rateText,
            workload.peer))
        // Readers and the writer share the cores: a writer that outruns its peer's may only
        // have had more CPU because its readers were slower. This row weighs both.
        table.add(row(workload.label + " both (√reads·writes)", runs, nil, \.bothRate, rateText))
      } else {
        table.add(row(workload.label, runs, workload.target, \.cpu, millisecondsText))
      }
    }
    table.add(peakRow())
    return table
  }

  private func row(
    _ label: String, _ runs: [Implementation: [WorkerRun]], _ target: Target?,
    _ figure: KeyPath<WorkerRun, Double>, _ text: (Summary) -> String,
    _ peer: Implementation = .c
  ) -> [String] {
    let c = runs[.c] ?? []
    let core = runs[.core] ?? []
    let grdb = runs[.grdb] ?? []
    let corePending = core.contains { $0.isPending }
    func cell(_ list: [WorkerRun]) -> String {
      list.contains { $0.isPending } ? "pending" : text(Summary(list.map { $0[keyPath: figure] }))
    }
    func ratios(_ top: [WorkerRun], _ bottom: [WorkerRun]) -> Summary {
      Summary(
        zip(top, bottom).compactMap { pair in
          let denominator = pair.1[keyPath: figure]
          return denominator > 0 ? pair.0[keyPath: figure] / denominator : nil
        })
    }
    let coreOverC = ratios(core, c)
    let coreOverGRDB = ratios(core, grdb)
    let judged = peer == .grdb ? coreOverGRDB : coreOverC
    let met =
      corePending ? "pending" : target.map { $0.isMet(by: judged.median) ? "yes" : "NO" } ?? ""
    let targetText = target.map { $0.text + (peer == .c ? "" : " \(peer.label)") } ?? ""
    return [
      label, cell(c), cell(core), cell(grdb),
      corePending ? "pending" : ratioText(coreOverC),
      corePending ? "pending" : ratioText(coreOverGRDB),
      ratioText(ratios(grdb, c)), targetText, met, peaks(runs),
    ]
  }

  private func peaks(_ runs: [Implementation: [WorkerRun]]) -> String {
    Implementation.allCases.map { implementation in
      let list = runs[implementation] ?? []
      if list.contains(where: \.isPending) { return "–" }
      return mebibytes(list.map(\.peakKiB).max() ?? 0)
    }.joined(separator: " / ")
  }

  /// Peak RSS over W1, W2 (natives), W3 and W4: the issue's ≤ 12 MiB line.
  private func peakRow() -> [String] {
    var peak: [Implementation: Int] = [:]
    for (workload, runs) in zip(workloads, results)
    where ["w1", "w2", "w2u", "w3", "w4"].contains(workload.name) {
      for (implementation, list) in runs {
        peak[implementation] = max(peak[implementation] ?? 0, list.map(\.peakKiB).max() ?? 0)
      }
    }
    let core = peak[.core] ?? 0
    return [
      "peak RSS W1–W4 (not W2 records)", mebibytes(peak[.c] ?? 0) + " MiB",
      mebibytes(core) + " MiB", mebibytes(peak[.grdb] ?? 0) + " MiB", "", "", "", "≤ 12 MiB",
      core <= 12 * 1024 ? "yes" : "NO", "",
    ]
  }
}
