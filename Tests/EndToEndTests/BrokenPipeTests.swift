import Foundation
import TestSupport
import Testing

/// Standard output that nobody reads any more, with SIGPIPE ignored (a parent's `trap '' PIPE`):
/// sqlite3 3.40.1 runs on for nobody (an endless query never ends); litesh stops as SIGPIPE
/// would have stopped it, and says so.
@Suite("A reader that goes away")
struct BrokenPipeTests {
  static let endless =
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT x FROM c;"
  static let lost = "Error: cannot write to standard output: Broken pipe; output was lost"

  /// Runs `litesh ARGUMENTS < input.sql | head -1` under bash with SIGPIPE ignored; the exit
  /// status is litesh's (or 124 when `timeout` had to stop it).
  private func runIntoHead(_ arguments: String, in directory: ScratchDirectory) throws
    -> BatchRun
  {
    let command =
      "trap '' PIPE; timeout 60 '\(Binary.litesh)' \(arguments) < input.sql | head -1;"
      + " exit ${PIPESTATUS[0]}"
    return try BatchRun.run("/bin/bash", ["-c", command], in: directory)
  }

  @Test("an endless query stops, the open transaction is rolled back and the rest never runs")
  func stopsTheScript() throws {
    let directory = try ScratchDirectory("litesh-broken-pipe")
    defer { directory.remove() }
    let script = """
      CREATE TABLE t(a);
      BEGIN;
      INSERT INTO t VALUES (1);
      \(Self.endless)
      INSERT INTO t VALUES (2);
      COMMIT;
      CREATE TABLE never(a);

      """
    try directory.write("input.sql", Array(script.utf8))
    let run = try runIntoHead("test.db", in: directory)
    #expect(run.status == 1, "\(run.errors)")
    #expect(run.outputText == "1\n")
    #expect(run.firstError == Self.lost)
    #expect(run.errors.contains("transaction open when standard output was lost was rolled back"))
    #expect(!run.errors.contains("interrupted"))
    let check = try BatchRun.run(
      Binary.sqlite3,
      ["test.db", "SELECT count(*) FROM t; SELECT count(*) FROM sqlite_schema;"], in: directory)
    #expect(check.outputText == "0\n1\n")
  }

  @Test("SQL given as an argument stops with status 1, and the arguments after it do not run")
  func stopsTheArguments() throws {
    let directory = try ScratchDirectory("litesh-broken-pipe")
    defer { directory.remove() }
    try directory.write("input.sql", [])
    let run = try runIntoHead(
      "test.db '\(Self.endless)' 'CREATE TABLE never(a);'", in: directory)
    #expect(run.status == 1, "\(run.errors)")
    #expect(run.firstError == Self.lost)
    let check = try BatchRun.run(
      Binary.sqlite3, ["test.db", "SELECT count(*) FROM sqlite_schema;"], in: directory)
    #expect(check.outputText == "0\n")
  }
}
