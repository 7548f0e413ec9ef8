import Foundation
import TestSupport
import Testing

/// `.bench` run by the built binary on real database files, one run at a time.
@Suite("Bench", .serialized)
struct BenchTests {
  /// Runs litesh on `database` with `input` piped, `TMPDIR` set to `directory`.
  static func litesh(
    _ database: String, _ input: String, directory: ScratchDirectory
  ) throws -> (output: String, errors: String, status: Int32) {
    let run = try ProgramRun.run(
      Binary.litesh, [database], input: Array(input.utf8),
      environment: ["TMPDIR": directory.root, "XDG_CONFIG_HOME": directory.path(".config")])
    return (run.outputText, run.errors, run.status)
  }

  /// Runs `input` on `app.db` in a new scratch directory, expects status 0, and returns stdout.
  static func runOnFreshDatabase(
    _ input: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let directory = try ScratchDirectory("litesh-bench")
    let run = try litesh(directory.path("app.db"), input, directory: directory)
    #expect(run.status == 0, "\(run.errors)", sourceLocation: sourceLocation)
    return run.output
  }

  /// The JSON object `text` holds.
  static func json(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any], "not a JSON object: \(text)")
  }

  static let fields = [
    "workload", "readers", "writers", "seed", "unsafe_reads", "seconds", "interrupted", "reads",
    "writes", "reads_per_second", "writes_per_second", "read_latency_ms", "write_latency_ms",
    "busy_retries", "busy_retries_per_100", "failures", "failures_per_100", "failure_samples",
    "late", "wal_bytes", "checkpoints", "violations", "violation_samples", "cross_check",
    "verdict",
  ]

  @Test("the bank on a file database: JSON with every field, no violation, work cross-checked")
  func bankJSON() throws {
    let directory = try ScratchDirectory("litesh-bench")
    let database = directory.path("app.db")
    let run = try Self.litesh(
      database, "CREATE TABLE mine(x);\n.bench --duration 1 --json --seed 5\n.tables\n",
      directory: directory)
    #expect(run.status == 0, "\(run.errors)")
    let end = try #require(run.output.range(of: "}\n", options: .backwards))
    let result = try Self.json(String(run.output[..<end.upperBound]))
    for field in Self.fields { #expect(result[field] != nil, "missing \(field)") }
    #expect(result["violations"] as? Int == 0)
    #expect((result["reads"] as? Int ?? 0) > 0)
    #expect((result["writes"] as? Int ?? 0) > 0)
    #expect(result["seed"] as? Int == 5)
    let check = try #require(result["cross_check"] as? [String: Any])
    #expect(check["ok"] as? Bool == true)
    #expect(check["history_rows"] as? Int == result["writes"] as? Int)
    let latency = try #require(result["read_latency_ms"] as? [String: Double])
    #expect(Set(latency.keys) == ["p50", "p90", "p99", "p99_9", "max"])
    #expect((latency["p50"] ?? 0) <= (latency["p99"] ?? 0))
    #expect((result["verdict"] as? String ?? "").hasPrefix("OK:"))
    // The user's database is untouched and the scratch database is gone.
    #expect(run.output.hasSuffix("}\nmine\n"))
    #expect(try directory.fileNames() == ["app.db"])
  }

  @Test("--unsafe-reads on the same workload: the check catches broken totals")
  func unsafeReads() throws {
    let output = try Self.runOnFreshDatabase(
      ".bench --duration 1 --json --unsafe-reads\n")
    let result = try Self.json(output)
    #expect((result["violations"] as? Int ?? 0) > 0)
    #expect(!(result["violation_samples"] as? [String] ?? []).isEmpty)
    #expect((result["verdict"] as? String ?? "").hasPrefix("ANOMALIES"))
    #expect((result["cross_check"] as? [String: Any])?["ok"] as? Bool == true)
  }

  @Test("the text report names each figure and ends with the verdict")
  func textReport() throws {
    let output = try Self.runOnFreshDatabase(
      ".bench --transactions 50 --readers 2\n")
    let lines = output.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("bank workload, 2 readers, 1 writer") == true)
    let words = lines.map { $0.split(separator: " ").map(String.init) }
    #expect(words.contains { $0.prefix(2) == ["reads", "100"] && $0.count == 8 })
    #expect(words.contains { $0.prefix(2) == ["writes", "50"] && $0.count == 8 })
    #expect(lines.contains { $0.hasPrefix("BUSY retries: 0") })
    #expect(lines.contains("invariant violations: 0"))
    #expect(lines.last?.hasPrefix("verdict: OK:") == true)
    #expect(!output.contains("\u{1B}"), "no escape codes in piped output")
  }
}

extension BenchTests {
  @Test("--rate paces transactions from their schedule and --latency-limit counts late ones")
  func rate() throws {
    let output = try Self.runOnFreshDatabase(
      ".bench --rate 200 --duration 0.5 --readers 1 --writers 1 --latency-limit 0.001 --json\n")
    let result = try Self.json(output)
    let done = (result["reads"] as? Int ?? 0) + (result["writes"] as? Int ?? 0)
    #expect(done >= 50 && done <= 101, "about 200/s for 0.5 s, got \(done)")
    #expect(result["late"] as? Int == done, "every transaction takes over 1 µs")
  }

  @Test("--sweep runs once per reader count; --compare gives ratios against a saved result")
  func sweepAndCompare() throws {
    let directory = try ScratchDirectory("litesh-bench")
    let database = directory.path("app.db")
    let sweep = try Self.litesh(
      database, ".bench --sweep 1,2 --transactions 20 --json\n", directory: directory)
    #expect(sweep.status == 0, "\(sweep.errors)")
    let runs = try #require(Self.json(sweep.output)["sweep"] as? [[String: Any]])
    #expect(runs.map { $0["readers"] as? Int } == [1, 2])
    #expect(runs.map { $0["reads"] as? Int } == [20, 40])
    let saved = directory.path("before.json")
    let first = try Self.litesh(
      database, ".once \(saved)\n.bench --transactions 20 --json\n", directory: directory)
    #expect(first.status == 0, "\(first.errors)")
    let compared = try Self.litesh(
      database, ".bench --transactions 20 --compare \(saved)\n", directory: directory)
    #expect(compared.status == 0, "\(compared.errors)")
    #expect(compared.output.contains("compared with \(saved):\n  reads/s"))
    let notJSON = directory.path("notes.txt")
    try Data("not a result\n".utf8).write(to: URL(fileURLWithPath: notJSON))
    let bad = try Self.litesh(
      database, ".bench --transactions 5 --compare \(notJSON)\n", directory: directory)
    #expect(bad.errors.contains("is not the JSON of a .bench --json run"))
  }

  @Test("a --compare file that is missing or not a result stops .bench before it runs anything")
  func compareCheckedFirst() throws {
    let directory = try ScratchDirectory("litesh-bench")
    let database = directory.path("app.db")
    let notJSON = directory.path("notes.txt")
    try Data("not a result\n".utf8).write(to: URL(fileURLWithPath: notJSON))
    let cases = [
      (notJSON, "Error: .bench: --compare: \"\(notJSON)\" is not the JSON of a .bench --json run"),
      (directory.path("missing.json"), "Error: .bench: --compare: cannot read \""),
    ]
    for (number, (file, message)) in cases.enumerated() {
      // The commit log is opened by the run: it exists only if the benchmark started.
      let log = directory.path("commits-\(number).log")
      let run = try Self.litesh(
        database, ".bench --transactions 20 --commit-log \(log) --compare \(file)\n",
        directory: directory)
      #expect(run.errors.hasPrefix(message), "\(run.errors)")
      #expect(run.status == 1)
      #expect(run.output.isEmpty)
      #expect(!FileManager.default.fileExists(atPath: log), "the benchmark ran")
    }
  }

  @Test("--script files run as weighted transactions, read-only ones on the readers")
  func scripts() throws {
    let directory = try ScratchDirectory("litesh-bench")
    let database = directory.path("app.db")
    let write = directory.path("write.sql")
    let read = directory.path("read.sql")
    try Data("INSERT INTO log(k) VALUES (:k);\nUPDATE log SET k = k + 1 WHERE rowid = 1;\n".utf8)
      .write(to: URL(fileURLWithPath: write))
    try Data("SELECT count(*) FROM log;\nSELECT max(k) FROM log WHERE k < :k;\n".utf8)
      .write(to: URL(fileURLWithPath: read))
    let run = try Self.litesh(
      database,
      "CREATE TABLE log(k);\n.bench --here --transactions 30 --script \(write)@2 --script \(read)"
        + " --param k=uniform(1,10) --json\nSELECT count(*) FROM log;\n",
      directory: directory)
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.hasSuffix("}\n30\n"))
    let end = try #require(run.output.range(of: "}\n", options: .backwards))
    let result = try Self.json(String(run.output[..<end.upperBound]))
    #expect(result["reads"] as? Int == 120 && result["writes"] as? Int == 30)
    #expect(result["workload"] as? String == "custom" && result["failures"] as? Int == 0)
  }
}

extension BenchTests {
  @Test("failing transactions are counted per 100, shown, and not fatal")
  func failures() throws {
    let output = try Self.runOnFreshDatabase(
      "CREATE TABLE u(k UNIQUE);\n.bench --here --readers 0 --transactions 20"
        + " --write \"INSERT INTO u VALUES (:k)\" --param k=uniform(1,3) --json\n")
    let result = try Self.json(output)
    let writes = try #require(result["writes"] as? Int)
    #expect(writes >= 1 && writes <= 3)
    #expect(result["failures"] as? Int == 20 - writes)
    #expect(result["failures_per_100"] as? Double == Double(20 - writes) * 5)
    #expect(result["failure_samples"] as? [String] == ["UNIQUE constraint failed: u.k"])
    #expect((result["verdict"] as? String ?? "").hasPrefix("DEGRADED:"))
  }
}
