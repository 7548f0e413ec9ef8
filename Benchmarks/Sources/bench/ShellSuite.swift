/// The shell workloads: litesh against sqlite3, whole processes, interleaved round by round.
///
/// Before timing a workload, both shells run it on a small input and their outputs (and, for
/// the writing workloads, the resulting tables) must be identical; when litesh differs the
/// workload is reported as not there yet instead of being timed.
struct ShellSuite {
  /// How one shell run is set up.
  struct Workload {
    var label: String
    var target: Target
    /// A second target on peak memory, relative to sqlite3 (box mode).
    var memoryTarget: Target?
    /// A limit on litesh's peak memory in MiB (start-up).
    var peakLimit: Double?
    /// The extra arguments after the shell's path; `DB` is replaced by the database.
    var arguments: [String]
    /// The stdin script for a table of the given size; `nil` for no input.
    var input: (Int) -> String?
    /// A fresh database per run (it writes); otherwise the populated one, read.
    var writes: Bool
    /// Runs per round (start-up runs many).
    var repeats = 1
  }

  let sizes: Sizes
  let inputs: Inputs
  let litesh: String
  let sqlite3: String
  let work: String
  /// Rows by the start of their label (`dump`, `start-up`); empty for all.
  var selected: [String] = []

  var workloads: [Workload] {
    let list = allWorkloads
    if selected.isEmpty { return list }
    return list.filter { workload in selected.contains { workload.label.hasPrefix($0) } }
  }

  private var allWorkloads: [Workload] {
    var list = [
      Workload(
        label: "start-up :memory: 'select 1' (per start)", target: .atMost(1.5), peakLimit: 6,
        arguments: [":memory:", "select 1"], input: { _ in nil }, writes: false,
        repeats: sizes.startsPerRound),
      // Issue 27: literal INSERTs run through prepared shapes, at most half sqlite3's time.
      Workload(
        label: "INSERT script, \(sizes.rows) statements", target: .atMost(0.5), arguments: ["DB"],
        input: { inputs.insertScript(rows: $0) }, writes: true),
      Workload(
        label: "restore .dump, \(sizes.rows) rows", target: .atMost(0.5), arguments: ["DB"],
        input: { inputs.dumpScript(rows: $0) }, writes: true),
    ]
    for mode in ["list", "csv", "json", "box"] {
      let commands = (mode == "list" ? "" : ".mode \(mode)\n") + "SELECT * FROM t;\n"
      list.append(
        Workload(
          label: "dump \(sizes.rows) rows, \(mode)", target: .atMost(mode == "json" ? 0.9 : 1.0),
          memoryTarget: mode == "box" ? .atMost(0.5) : nil, arguments: ["DB"],
          input: { _ in inputs.script("dump-\(mode).txt", commands) }, writes: false))
    }
    list.append(
      Workload(
        label: ".import \(sizes.rows)-row CSV", target: .atMost(1.0), arguments: ["DB"],
        input: { rows in
          inputs.script("import-\(rows).txt", ".import --csv \(inputs.csv(rows: rows)) t\n")
        },
        writes: true))
    return list
  }

  /// Checks and times every workload.
  func run() -> ShellReport {
    var report = ShellReport()
    for workload in workloads {
      if let difference = compare(workload) {
        report.add(workload, notYet: difference)
        continue
      }
      var pairs: [(sqlite3: ChildResult, litesh: ChildResult)] = []
      for round in 0..<sizes.rounds {
        let first = round % 2 == 0 ? sqlite3 : litesh
        let second = first == sqlite3 ? litesh : sqlite3
        let a = measure(workload, first, rows: sizes.rows)
        let b = measure(workload, second, rows: sizes.rows)
        pairs.append(first == sqlite3 ? (a, b) : (b, a))
      }
      report.add(workload, pairs: pairs)
      log("shell: \(workload.label) done")
    }
    return report
  }

  /// `nil` when both shells print the same bytes and leave the same table on a small input.
  private func compare(_ workload: Workload) -> String? {
    guard fileExists(litesh) else { return "litesh not built" }
    let reference = once(workload, sqlite3, rows: sizes.checkRows, output: .capture)
    let candidate = once(workload, litesh, rows: sizes.checkRows, output: .capture)
    guard reference.result.status == 0 else { fatal("sqlite3 failed \(workload.label)") }
    if candidate.result.output != reference.result.output {
      return "output differs from sqlite3"
    }
    if candidate.result.status != reference.result.status { return "exit status differs" }
    if candidate.table != reference.table { return "resulting table differs" }
    return nil
  }

  /// Runs `repeats` times and adds the costs up (peak memory is the largest).
  private func measure(_ workload: Workload, _ shell: String, rows: Int) -> ChildResult {
    var total = ChildResult(status: 0, output: "", cpuSeconds: 0, wallSeconds: 0, peakKiB: 0)
    for _ in 0..<workload.repeats {
      let result = once(workload, shell, rows: rows, output: .null).result
      guard result.status == 0 else { fatal("\(shell) failed \(workload.label)") }
      total.cpuSeconds += result.cpuSeconds
      total.wallSeconds += result.wallSeconds
      total.peakKiB = max(total.peakKiB, result.peakKiB)
    }
    total.cpuSeconds /= Double(workload.repeats)
    total.wallSeconds /= Double(workload.repeats)
    return total
  }

  private func once(_ workload: Workload, _ shell: String, rows: Int, output: Stream)
    -> (result: ChildResult, table: String)
  {
    let database =
      workload.writes
      ? "\(work)/shell-\(shell == sqlite3 ? "sqlite3" : "litesh").db"
      : inputs.database(rows: rows)
    if workload.writes { removeDatabase(database) }
    let arguments = [shell] + workload.arguments.map { $0 == "DB" ? database : $0 }
    let input: Stream = workload.input(rows).map { .file($0) } ?? .null
    let result = spawn(arguments, input: input, output: output, errorPath: "\(work)/stderr.txt")
    var table = ""
    if workload.writes {
      table =
        spawn([
          sqlite3, database, "SELECT count(*), sum(a), total(b), sum(length(c)), typeof(a) FROM t",
        ]).output
      removeDatabase(database)
    }
    return (result, table)
  }
}
