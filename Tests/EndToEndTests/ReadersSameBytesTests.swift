import Foundation
import TestSupport
import Testing

/// A script prints the same bytes with `--readers 0` and `--readers 4`: per-connection state
/// (temp tables, ATTACH, `.parameter`, functions) looks the same, and errors and exit codes
/// do not change.
@Suite("Readers give the same bytes")
struct ReadersSameBytesTests {
  static let scripts: [CompatibilityCase] = [
    CompatibilityCase(
      "temporary tables", ["f.db"],
      input: "CREATE TABLE t(a);\nINSERT INTO t VALUES(1),(2);\nSELECT * FROM t;\n"
        + "CREATE TEMP TABLE t(b);\nINSERT INTO t VALUES('temp');\nSELECT * FROM t;\n"
        + "SELECT * FROM main.t;\nDROP TABLE temp.t;\nSELECT * FROM t;\n"
        + "CREATE TEMP VIEW v AS SELECT a * 10 AS x FROM main.t;\nSELECT * FROM v;\n"),
    CompatibilityCase(
      "ATTACH and DETACH", ["f.db"],
      input: "CREATE TABLE t(a);\nINSERT INTO t VALUES(1);\nATTACH 'aux.db' AS aux;\n"
        + "CREATE TABLE aux.u(b);\nINSERT INTO aux.u VALUES(2);\nSELECT * FROM t, u;\n"
        + "SELECT name FROM pragma_database_list;\nDETACH aux;\nSELECT * FROM u;\nSELECT * FROM t;\n"
    ),
    CompatibilityCase(
      ".parameter values", ["f.db"],
      input: "CREATE TABLE t(a);\nINSERT INTO t VALUES(1),(2),(3);\n.parameter set :n 2\n"
        + ".parameter set @s 'x'\nSELECT a, @s FROM t WHERE a >= :n;\n.parameter list\n"
        + "SELECT ?1, :missing;\n.parameter clear\nSELECT :n;\nSELECT count(*) FROM t;\n"),
    CompatibilityCase(
      "functions and connection counters", ["f.db"],
      input: "CREATE TABLE t(a INTEGER PRIMARY KEY, b);\nINSERT INTO t(b) VALUES('x'),('y');\n"
        + "SELECT last_insert_rowid(), changes(), total_changes();\n"
        + "SELECT sha3('abc'), typeof(1.5), printf('%5.2f', 3.14159);\n"
        + "SELECT value FROM generate_series(1, 3);\nSELECT decimal_add('1.1', '2.2');\n"
        + ".changes on\nSELECT count(*) FROM t;\nUPDATE t SET b = 'z';\nSELECT b FROM t;\n"),
    CompatibilityCase(
      ".open of other files", ["f.db"],
      input: "CREATE TABLE t(a);\nINSERT INTO t VALUES('first');\n.open other.db\n"
        + "CREATE TABLE u(b);\nINSERT INTO u VALUES('second');\nSELECT * FROM u;\n"
        + ".open f.db\nSELECT * FROM t;\n.open :memory:\nSELECT 42;\n.open other.db\n"
        + "SELECT * FROM u;\n"),
    CompatibilityCase(
      "modes and headers", ["f.db"],
      input: "CREATE TABLE t(a, b);\nINSERT INTO t VALUES(1, 'one'), (2, NULL);\n"
        + ".headers on\n.mode box\nSELECT * FROM t;\n.mode json\nSELECT * FROM t;\n"
        + ".mode insert t\nSELECT * FROM t;\n.mode line\nSELECT * FROM t;\n"
        + ".mode column\nWITH x AS (SELECT 5 AS five) SELECT * FROM x;\nVALUES (1, 2);\n"),
    CompatibilityCase(
      "errors keep going and set the exit code", ["f.db"],
      input: "CREATE TABLE t(a);\nSELECT * FROM nosuch;\nSELECT abs(-9223372036854775808);\n"
        + "SELECT json('{bad');\nSELECT 'still here';\n"),
    CompatibilityCase(
      "-bail stops at a runtime error on a read", ["-bail", "f.db"],
      input: "CREATE TABLE t(a);\nSELECT abs(-9223372036854775808);\nSELECT 'not reached';\n"),
    CompatibilityCase(
      "a commit is visible to the next read at once", ["f.db"],
      input: "CREATE TABLE t(a);\nBEGIN;\nINSERT INTO t VALUES(1);\nSELECT count(*) FROM t;\n"
        + "COMMIT;\nSELECT count(*) FROM t;\nBEGIN;\nDELETE FROM t;\nROLLBACK;\n"
        + "SELECT count(*) FROM t;\nSAVEPOINT s;\nINSERT INTO t VALUES(2);\nRELEASE s;\n"
        + "SELECT sum(a) FROM t;\n"),
    CompatibilityCase(
      ".timer, .eqp and .dump", ["f.db"],
      input: "CREATE TABLE t(a);\nINSERT INTO t VALUES(1);\n.timer on\nSELECT a FROM t;\n"
        + ".timer off\n.eqp on\nSELECT a FROM t WHERE a = 1;\n.eqp off\n.dump\n"),
    CompatibilityCase(
      "SQL given as arguments",
      [
        "f.db", "CREATE TABLE t(a)", "INSERT INTO t VALUES(5)",
        "SELECT * FROM t", "SELECT * FROM nosuch",
      ]),
    CompatibilityCase(
      "-cmd and a PRAGMA setting", ["-cmd", "PRAGMA case_sensitive_like = 1", "f.db"],
      input: "CREATE TABLE t(a);\nINSERT INTO t VALUES('a');\n"
        + "SELECT count(*) FROM t WHERE a LIKE 'A';\n"),
  ]

  /// Stderr without the WAL notice, and `.timer` lines without their numbers.
  private static func normalized(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("litesh: database switched to WAL for ") }
      .map { line in
        line.hasPrefix("Run Time:") ? line.filter { !$0.isNumber } : line
      }
      .joined(separator: "\n")
  }

  @Test("--readers 0 and --readers 4 print the same bytes", arguments: scripts)
  func sameBytes(_ script: CompatibilityCase) throws {
    func run(_ readers: String) throws -> CompatibilityTests.Run {
      let withReaders = CompatibilityCase(
        script.name, bytes: [Array("--readers".utf8), Array(readers.utf8)] + script.arguments,
        input: script.input, files: script.files)
      var result = try CompatibilityTests.run(Binary.litesh, withReaders)
      result.output = Data(Self.normalized(String(decoding: result.output, as: UTF8.self)).utf8)
      result.errors = Self.normalized(result.errors)
      return result
    }
    let single = try run("0")
    let pooled = try run("4")
    #expect(
      String(decoding: pooled.output, as: UTF8.self)
        == String(decoding: single.output, as: UTF8.self))
    #expect(pooled.errors == single.errors)
    #expect(pooled.status == single.status)
  }

  @Test("reads really run on a reader, and the WAL switch is said once")
  func readsRunOnReaders() throws {
    let script = CompatibilityCase(
      "routed", ["--readers", "4", "f.db"],
      input: "CREATE TABLE t(a);\nINSERT INTO t VALUES(1);\nSELECT a FROM t;\nSELECT a FROM t;\n"
        + ".readers\n")
    let run = try CompatibilityTests.run(Binary.litesh, script)
    let output = String(decoding: run.output, as: UTF8.self)
    #expect(output.hasPrefix("1\n1\n     readers: 4 (1 open, 0 busy, 1 idle)\n"))
    #expect(output.contains("      routed: 2 statements ran on readers\n"))
    #expect(output.contains("journal mode: wal\n"))
    #expect(run.errors == "litesh: database switched to WAL for 4 readers\n")
    #expect(run.status == 0)
  }
}
