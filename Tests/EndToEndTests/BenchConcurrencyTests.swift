import Foundation
import TestSupport
import Testing

/// `.bench --here` against another process, custom SQL with each distribution, and Ctrl-C.
@Suite("Bench with others", .serialized)
struct BenchConcurrencyTests {
  /// Holds the write lock at once (and says so), then keeps writing its own table in
  /// transactions that hold the lock longer than `.bench`'s 100 ms busy timeout, until told
  /// to stop on stdin; prints how many rows it committed.
  static let writer = """
    import sqlite3, sys, threading, time
    db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("CREATE TABLE IF NOT EXISTS other(x)")
    stop = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()
    committed = 0
    db.execute("BEGIN IMMEDIATE")
    print("locked", flush=True)
    time.sleep(0.3)
    while True:
        db.execute("INSERT INTO other VALUES (?)", (committed,))
        db.execute("COMMIT")
        committed += 1
        if stop.is_set():
            break
        time.sleep(0.02)
        db.execute("BEGIN IMMEDIATE")
        time.sleep(0.25)
    print("committed", committed, flush=True)
    """

  @Test("a python3 process writing the same file: nothing lost, BUSY counted, not fatal")
  func secondProcess() throws {
    let directory = try ScratchDirectory("litesh-bench")
    let database = directory.path("shared.db")
    let script = directory.path("writer.py")
    try Data(Self.writer.utf8).write(to: URL(fileURLWithPath: script))
    let python = try Coprocess("/usr/bin/env", ["python3", script, database])
    _ = try python.read(until: "locked\n")
    let run = try BenchTests.litesh(
      database,
      ".bench --here --duration 1.5 --readers 2 --writers 2 --json\n"
        + "SELECT count(*) FROM sqlite_schema WHERE name LIKE 'bench%';\n",
      directory: directory)
    let finished = try python.finish()
    #expect(finished.status == 0, "\(finished.errors)")
    let committed = finished.output.trimmingCharacters(in: .newlines)
    #expect(run.status == 0, "\(run.errors)")
    let json = try #require(run.output.range(of: "}\n", options: .backwards))
    let result = try BenchTests.json(String(run.output[..<json.upperBound]))
    #expect((result["busy_retries"] as? Int ?? 0) > 0, "\(result)")
    #expect((result["writes"] as? Int ?? 0) > 0)
    #expect((result["cross_check"] as? [String: Any])?["ok"] as? Bool == true)
    #expect(result["violations"] as? Int == 0)
    #expect(run.output.hasSuffix("}\n0\n"), "the bench's tables were dropped")
    let rows = try BenchTests.litesh(
      database, "SELECT count(*) FROM other;\n", directory: directory)
    #expect(committed.hasPrefix("committed "))
    #expect("committed " + rows.output == committed + "\n", "the other process lost rows")
  }

  @Test(
    "custom SQL with each distribution: values in range, and a fixed seed repeats them",
    arguments: [
      ("uniform(5,9)", "integer", 5.0, 9.0),
      ("uniform(-1,1.5)", "real", -1, 1.5),
      ("zipfian(10,60,1.2)", "integer", 10, 60),
      ("gaussian(100,5)", "real", 60, 140),
      ("exponential(3)", "real", 0, 1e9),
    ])
  func distributions(distribution: String, type: String, low: Double, high: Double) throws {
    let directory = try ScratchDirectory("litesh-bench")
    func draw(seed: Int, into name: String) throws -> [String] {
      let script = """
        CREATE TABLE draws(v);
        .bench --here --readers 1 --writers 1 --transactions 200 --seed \(seed) --write "INSERT INTO draws(v) VALUES (:v)" --read "SELECT count(*) FROM draws WHERE v = :v" --param "v=\(distribution)"
        SELECT count(*), min(v), max(v), count(DISTINCT typeof(v)), typeof(v) FROM draws;
        SELECT v FROM draws ORDER BY rowid;

        """
      let run = try BenchTests.litesh(directory.path(name), script, directory: directory)
      #expect(run.status == 0, "\(run.errors)")
      let lines = run.output.split(separator: "\n").map(String.init)
      let verdict = try #require(lines.firstIndex { $0.hasPrefix("verdict: OK") }, "\(run.output)")
      let summary = lines[verdict + 1].split(separator: "|").map(String.init)
      #expect(summary[0] == "200" && summary[3] == "1" && summary[4] == type)
      #expect((Double(summary[1]) ?? .nan) >= low && (Double(summary[2]) ?? .nan) <= high)
      return Array(lines[(verdict + 2)...])
    }
    let first = try draw(seed: 11, into: "a.db")
    #expect(first.count == 200)
    #expect(try draw(seed: 11, into: "b.db") == first)
    #expect(try draw(seed: 12, into: "c.db") != first)
  }

  @Test(
    "Ctrl-C stops a running .bench, which reports what ran, and the shell goes on",
    .enabled(if: REPLTerminal.isAvailable, "tmux is not installed"))
  func interrupt() throws {
    let directory = try ScratchDirectory("litesh-bench")
    try withREPL(
      arguments: ["-list", directory.path("app.db")], environment: ["TMPDIR": directory.root]
    ) { terminal in
      try terminal.type(".bench --duration 120 --progress 0.2")
      try terminal.press("Enter")
      try terminal.waitFor("progress:")
      let pressed = Date()
      try terminal.press("C-c")
      try terminal.waitFor("verdict: stopped early; OK:", timeout: 5)
      #expect(Date().timeIntervalSince(pressed) < 5)
      #expect(terminal.screen().contains("cross-check:"))
      #expect(terminal.screen().contains("intact"))
      try terminal.run("SELECT 40 + 2;", expecting: "\n42")
      #expect(try directory.fileNames() == ["app.db"])
    }
  }
}
