import SQLiteCore
import SQLiteShell
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `.readers` and the shell on a read pool, in process, on files in a temporary directory.
@Suite("ReadersCommand", .serialized)
struct ReadersCommandTests {
  /// A shell on `file` in a fresh directory, with `readers` as the session preference.
  private final class Session {
    let scratch: ScratchDirectory
    var directory: String { scratch.root }
    let harness: ShellHarness

    init(readers: Int, file: String? = "test.db") throws {
      scratch = try ScratchDirectory("litesh-readers")
      var state = ShellState()
      state.readerCount = readers
      if let file { state.databasePath = scratch.path(file) }
      harness = ShellHarness(state: state)
    }

    /// Runs `script` (DIR stands for the directory) and returns what it printed since the last
    /// call.
    func run(_ script: String) -> (output: String, errors: String) {
      let before = (harness.output.capturedText.utf8.count, harness.errors.capturedText.utf8.count)
      harness.run(script.replacing("DIR", with: directory))
      let output = String(harness.output.capturedText.utf8.dropFirst(before.0)) ?? ""
      let errors = String(harness.errors.capturedText.utf8.dropFirst(before.1)) ?? ""
      return (output, errors)
    }

    /// The number the `.readers` output gives after `label:`.
    func readersLine(_ label: String) -> String {
      let text = run(".readers\n").output
      let line = text.split(separator: "\n").first {
        $0.drop(while: { $0 == " " }).hasPrefix(label + ":")
      }
      return line.map { String($0.split(separator: ":", maxSplits: 1)[1].dropFirst()) } ?? ""
    }

    // The directory goes with `scratch`, after this.
    deinit { harness.shell.close() }
  }

  @Test("a query runs on a reader and .readers shows the pool")
  func queryRunsOnReader() throws {
    let session = try Session(readers: 4)
    let first = session.run("CREATE TABLE t(a);\nINSERT INTO t VALUES(1),(2);\nSELECT * FROM t;\n")
    #expect(first.output == "1\n2\n")
    #expect(first.errors == "litesh: database switched to WAL for 4 readers\n")
    let state = session.run(".readers\n").output
    #expect(state.contains("     readers: 4 (1 open, 0 busy, 1 idle)\n"))
    #expect(state.contains("      writer: session\n"))
    #expect(state.contains("journal mode: wal\n"))
    #expect(state.contains("      routed: 1 statement ran on readers\n"))
  }

  /// A script, what it prints, and what `.readers` then says of the reads it routed.
  struct Routing: CustomTestStringConvertible, Sendable {
    let testDescription: String
    let script: String
    let output: String
    let routed: String
  }

  static let routings = [
    Routing(
      testDescription: ".timeout reaches the readers too, not only the writer's connection",
      script: "CREATE TABLE t(a);\n.timeout 4321\nSELECT * FROM pragma_busy_timeout;\n"
        + "PRAGMA busy_timeout;\n",
      output: "4321\n4321\n", routed: "1 statement ran on readers"),
    Routing(
      testDescription:
        "a read sees the writer's commit at once, and uncommitted work stays on the writer",
      script: "CREATE TABLE t(a);\nINSERT INTO t VALUES(1);\nSELECT count(*) FROM t;\n"
        + "BEGIN;\nINSERT INTO t VALUES(2);\nSELECT count(*) FROM t;\nCOMMIT;\n"
        + "SELECT count(*) FROM t;\n",
      output: "1\n2\n2\n", routed: "2 statements ran on readers"),
    Routing(
      testDescription: "a PRAGMA setting keeps every later read on the writer",
      script: "CREATE TABLE t(a);\nINSERT INTO t VALUES('a');\nPRAGMA case_sensitive_like = 1;\n"
        + "SELECT count(*) FROM t WHERE a LIKE 'A';\n",
      output: "0\n", routed: "0 statements ran on readers"),
  ]

  @Test("reads go to the readers only where they see what the writer would", arguments: routings)
  func routing(_ routing: Routing) throws {
    let session = try Session(readers: 2)
    #expect(session.run(routing.script).output == routing.output)
    #expect(session.readersLine("routed") == routing.routed)
  }

  @Test("temporary tables, ATTACH, parameters and connection functions keep reads on the writer")
  func sessionStateStaysOnWriter() throws {
    let session = try Session(readers: 2)
    let result = session.run(
      "CREATE TABLE t(a);\nINSERT INTO t VALUES(7);\nSELECT last_insert_rowid();\n"
        + ".parameter set :x 5\nSELECT :x, a FROM t;\n"
        + "ATTACH 'DIR/aux.db' AS aux;\nSELECT * FROM t;\nDETACH aux;\n"
        + "CREATE TEMP TABLE tt(b);\nINSERT INTO tt VALUES(3);\nSELECT * FROM tt, t;\n"
        + "DROP TABLE tt;\nSELECT a FROM t;\n")
    #expect(result.output == "1\n5|7\n7\n3|7\n7\n")
    #expect(result.errors == "litesh: database switched to WAL for 2 readers\n")
    #expect(session.readersLine("routed") == "1 statement ran on readers")
  }

  @Test(".readers N resizes the pool, .readers 0 goes back to one connection")
  func resizeAndOff() throws {
    let session = try Session(readers: 4)
    _ = session.run("CREATE TABLE t(a);\n")
    _ = session.run(".readers 2\n")
    #expect(session.readersLine("readers").hasPrefix("2 ("))
    let off = session.run(".readers 0\nSELECT count(*) FROM t;\n")
    #expect(off.output == "0\n")
    #expect(off.errors == "litesh: readers off: the database stays in WAL mode\n")
    #expect(session.readersLine("readers") == "0 (one connection)")
    #expect(session.readersLine("journal mode") == "wal")
    let on = session.run(".readers 3\nSELECT count(*) FROM t;\n")
    #expect(on.output == "0\n")
    #expect(on.errors == "")
    #expect(session.readersLine("readers").hasPrefix("3 ("))
  }

  @Test("an in-memory database cannot have readers; the preference does nothing there")
  func inMemory() throws {
    let session = try Session(readers: 4, file: nil)
    let result = session.run("SELECT 1;\n.readers 2\n.readers\n")
    #expect(result.output == "1\n     readers: 0 (one connection)\njournal mode: memory\n")
    #expect(
      result.errors
        == "Error: cannot use readers with an in-memory or temporary database: readers need a database file\n"
    )
    #expect(session.harness.shell.exitStatus == 1)
  }

  @Test(".open keeps the reader count for the new file")
  func openKeepsReaders() throws {
    let session = try Session(readers: 3)
    let result = session.run(
      "CREATE TABLE t(a);\n.open DIR/other.db\nCREATE TABLE u(b);\nSELECT name FROM sqlite_schema;\n"
    )
    #expect(result.output == "u\n")
    #expect(
      result.errors
        == "litesh: database switched to WAL for 3 readers\n"
        + "litesh: database switched to WAL for 3 readers\n")
    #expect(session.readersLine("readers").hasPrefix("3 ("))
    #expect(session.readersLine("routed") == "1 statement ran on readers")
  }

  @Test(".readers N after a failed .open refuses the in-memory database and keeps its tables")
  func afterFailedOpen() throws {
    let session = try Session(readers: 0)
    let result = session.run(
      ".open DIR/missing/x.db\nCREATE TABLE work(x);\nINSERT INTO work VALUES(1);\n.readers 2\n"
        + "SELECT * FROM work;\n")
    #expect(result.output == "1\n")
    #expect(
      result.errors
        == "Error: unable to open database \"\(session.directory)/missing/x.db\":"
        + " unable to open database file\n"
        + "Error: cannot use readers with an in-memory or temporary database:"
        + " readers need a database file\n")
    #expect(session.harness.shell.exitCode == nil)
    #expect(session.harness.shell.exitStatus == 1)
  }

  @Test("readers cannot change inside a transaction")
  func noChangeInsideTransaction() throws {
    let session = try Session(readers: 2)
    let result = session.run("CREATE TABLE t(a);\nBEGIN;\n.readers 0\nROLLBACK;\n")
    #expect(result.errors.hasSuffix("Error: cannot change readers inside a transaction\n"))
  }
}

extension ReadersCommandTests {
  @Test("an interrupt stops a query running on a reader, and the reader serves the next query")
  func interruptOnReader() async throws {
    let session = try Session(readers: 2)
    _ = session.run("CREATE TABLE t(a);\nINSERT INTO t VALUES(1);\n")
    let pool = try #require(session.harness.shell.readerPool)
    let finished = Atomic<Bool>(false)
    // Interrupts the pool for as long as the endless query runs: one interrupt could land
    // between the read's own statements, where SQLite forgets it.
    let interrupter = Task.detached {
      let deadline = ContinuousClock.now + .seconds(30)
      while !finished.load(ordering: .acquiring), ContinuousClock.now < deadline {
        if pool.statistics.busyReaders > 0 { pool.interrupt() }
        try? await Task.sleep(for: .milliseconds(2))
      }
    }
    let endless = session.run(
      "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c;\n")
    finished.store(true, ordering: .releasing)
    await interrupter.value
    #expect(endless.output == "")
    #expect(endless.errors.hasSuffix("interrupted (9)\n"))
    let after = session.run("SELECT a FROM t;\n")
    #expect(after.output == "1\n")
    #expect(after.errors == "")
    let statistics = pool.statistics
    #expect(statistics.busyReaders == 0)
    #expect(statistics.openReaders == 1)
    #expect(session.readersLine("routed") == "1 statement ran on readers")
  }
}

extension ReadersCommandTests {
  @Test(".show has a readers line only while readers run or are due")
  func showLine() throws {
    let session = try Session(readers: 2)
    #expect(
      session.run(".show\n").output.hasSuffix(
        "    filename: \(session.directory)/test.db\n     readers: 2 (when the database opens)\n"))
    _ = session.run("SELECT 1;\n")
    #expect(session.run(".show\n").output.hasSuffix("     readers: 2\n"))
    _ = session.run(".readers 0\n")
    #expect(session.run(".show\n").output.hasSuffix("    filename: \(session.directory)/test.db\n"))
  }

  @Test("--readers leaves a read-only database on one connection; .readers N refuses it")
  func readOnly() throws {
    let session = try Session(readers: 3)
    _ = session.run("CREATE TABLE t(a);\nINSERT INTO t VALUES(1);\n.open --readonly DIR/test.db\n")
    let result = session.run("SELECT a FROM t;\n.readers 2\n.readers\n")
    #expect(result.output == "1\n     readers: 0 (one connection)\njournal mode: wal\n")
    #expect(
      result.errors
        == "Error: cannot use readers with a read-only database: the writer needs write access\n")
  }

  @Test(".readers rejects what is not a count")
  func badArguments() throws {
    let session = try Session(readers: 0)
    let result = session.run(".readers two\n.readers 1 2\n.readers ''\n")
    #expect(
      result.errors
        == "Error: .readers needs a number of readers, not \"two\"\nUsage: .readers ?N?\n"
        + "Error: .readers needs a number of readers, not \"\"\n")
  }
}
