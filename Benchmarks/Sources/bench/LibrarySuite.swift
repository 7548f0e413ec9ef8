/// W1–W5 for C, SQLiteCore and GRDB, interleaved round by round, each run in a fresh worker.
struct LibrarySuite {
  /// How the workload gets its database.
  enum Setup {
    /// A new empty file.
    case fresh
    /// The shared populated file, read in place.
    case base
    /// A private copy of the populated file (W5 writes into it).
    case copyOfBase
  }

  /// One line of work: a worker invocation and the targets it is judged by.
  struct Workload {
    var label: String
    var name: String
    var arguments: [String]
    var setup: Setup
    /// For timed workloads the target on the time ratio; for W5 the one on reads (`nil`: the
    /// reads are reported, not judged).
    var target: Target?
    /// W5 only: the target on the writer's throughput (`nil`: reported, not judged).
    var writeTarget: Target?
    /// The implementation the targets compare SQLiteCore with.
    var peer: Implementation = .c
    /// W5: readers and a writer at once, reported as rates.
    var isConcurrent: Bool { name == "w5" }

    /// How many rounds this workload runs.
    func rounds(_ sizes: Sizes) -> Int {
      guard isConcurrent else { return sizes.rounds }
      return peer == .grdb ? sizes.taskRounds : sizes.concurrentRounds
    }
  }

  let sizes: Sizes
  let binDirectory: String
  let workDirectory: String
  var baseDatabase: String
  /// The workloads to run (`--workloads w2,w2d,W5`): each entry a worker name or the start of
  /// a label; all of them when empty.
  var selected: [String] = []

  var workloads: [Workload] {
    let rows = "rows=\(sizes.rows)"
    var list = [
      Workload(
        label: "W1 insert \(sizes.rows) rows", name: "w1", arguments: [rows], setup: .fresh,
        target: .atMost(1.20)),
      Workload(
        label: "W2 scan into natives", name: "w2", arguments: [rows], setup: .base,
        target: .atMost(1.20)),
      Workload(
        label: "W2 scan, text read in place", name: "w2u", arguments: [rows], setup: .base,
        target: .atMost(1.10)),
      Workload(
        label: "W2 scan into Decodable", name: "w2d", arguments: [rows], setup: .base,
        target: .atMost(2.5)),
      Workload(
        label: "W2 scan into RowDecodable", name: "w2r", arguments: [rows], setup: .base,
        target: .atMost(1.5)),
      Workload(
        label: "W3 \(sizes.lookups) lookups", name: "w3",
        arguments: [rows, "count=\(sizes.lookups)"], setup: .base, target: .atMost(1.20)),
      Workload(
        label: "W4 \(sizes.transactions) transactions", name: "w4",
        arguments: ["count=\(sizes.transactions)"], setup: .fresh, target: .atMost(1.05)),
    ]
    // W5 from plain tasks, then through the library's hop-free paths: each reader task on a
    // reader's thread and the writer task on the writer's (`withReaderAffinity`,
    // `withWriterAffinity`), or each reader and the writer a thread calling the synchronous
    // read and write (GRDB: its synchronous `read` and `write`). C is the same threads in all.
    // Busy readers beside the hop-free callers at 8 readers only: `make bench` stays < 9 min.
    for callers in ["tasks", "affinity", "threads"] {
      for batch in [1, 100] {
        for readers in batch == 100 && callers != "tasks" ? [8] : [4, 8] {
          list.append(concurrent(readers: readers, batch: batch, callers: callers))
        }
      }
    }
    if selected.isEmpty { return list }
    return list.filter { workload in
      selected.contains { workload.name == $0 || workload.label.hasPrefix($0) }
    }
  }

  /// One W5 row: `readers` readers doing `batch` lookups per access beside one writer.
  ///
  /// As issues 14 and 25 set them, the reads are judged where readers do one lookup per access
  /// (where the hand-overs show) and the writes beside busy readers, doing 100 lookups per
  /// access; the other figure of each row is reported, not judged, as it can be traded for the
  /// judged one (reader priority). Plain tasks are judged against GRDB (issue 25: SQLite stays
  /// off the cooperative pool, so each access from a task costs two thread wake-ups, which C's
  /// threads never pay): reads ≥ 3× GRDB's, writes ≥ 1.5× GRDB's; their busy readers' reads
  /// have no target (C itself reads only ~1.4× GRDB there). The hop-free styles are judged
  /// against C (issues 6 and 14): reads ≥ 0.5× C's, busy readers' reads ≥ 0.85×, writes ≥ 0.8×.
  private func concurrent(readers: Int, batch: Int, callers: String) -> Workload {
    let tasks = callers == "tasks"
    let busy = batch > 1
    return Workload(
      label: "W5 \(readers) readers, \(batch)/access" + (tasks ? "" : ", \(callers)"),
      name: "w5",
      arguments: [
        "rows=\(sizes.rows)", "readers=\(readers)", "batch=\(batch)",
        "seconds=\(sizes.seconds)", "callers=\(callers)",
      ],
      setup: .copyOfBase,
      target: tasks ? (busy ? nil : .atLeast(3)) : .atLeast(busy ? 0.85 : 0.5),
      writeTarget: busy ? .atLeast(tasks ? 1.5 : 0.8) : nil, peer: tasks ? .grdb : .c)
  }

  /// Runs every round and returns the results by workload index, then implementation.
  func run() -> [[Implementation: [WorkerRun]]] {
    let list = workloads
    var results = [[Implementation: [WorkerRun]]](repeating: [:], count: list.count)
    let rounds = list.map { $0.rounds(sizes) }.max() ?? 0
    for round in 0..<rounds {
      for (index, workload) in list.enumerated() {
        if round >= workload.rounds(sizes) { continue }
        let all = Implementation.allCases
        let order = all.indices.map { all[($0 + round) % all.count] }
        for implementation in order {
          let run = runOnce(workload, implementation)
          results[index][implementation, default: []].append(run)
        }
      }
      log("library round \(round + 1)/\(rounds) done")
    }
    return results
  }

  private func runOnce(_ workload: Workload, _ implementation: Implementation) -> WorkerRun {
    let database: String
    switch workload.setup {
    case .base:
      database = baseDatabase
    case .fresh:
      database = "\(workDirectory)/\(workload.name)-\(implementation.rawValue).db"
      removeDatabase(database)
    case .copyOfBase:
      database = "\(workDirectory)/\(workload.name)-\(implementation.rawValue).db"
      removeDatabase(database)
      copyFile(baseDatabase, to: database)
    }
    let errors = "\(workDirectory)/stderr.txt"
    let arguments =
      ["\(binDirectory)/\(implementation.executable)", workload.name, "db=\(database)"]
      + workload.arguments
    let child = spawn(arguments, errorPath: errors)
    if workload.setup != .base { removeDatabase(database) }
    let line = child.output.split(separator: "\n").last.map(String.init) ?? ""
    guard child.status == 0, let run = WorkerRun(line: line, peakKiB: child.peakKiB) else {
      let message = readFile(errors).map { String(decoding: $0, as: UTF8.self) } ?? ""
      fatal(
        "\(implementation.label) failed \(workload.label) (status \(child.status)): \(line) \(message)"
      )
    }
    return run
  }
}
