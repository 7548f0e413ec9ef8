import Foundation
import SQLiteCore
import Testing

@testable import SQLiteShell

/// `.watch`: its arguments, the runs it makes in a script, and what it refuses.
@Suite("WatchCommand")
struct WatchCommandTests {
  typealias Request = WatchCommand.Request

  @Test("reads --count, SECONDS and the SQL verbatim, or falls back to the last SQL")
  func parsing() throws {
    let full = try Request.parse(".watch --count 3 0.5 SELECT 'a  \"b' ;", lastSQL: nil).get()
    #expect(full == Request(interval: 0.5, count: 3, sql: "SELECT 'a  \"b' ;"))
    let defaults = try Request.parse(".watch", lastSQL: "SELECT 1;").get()
    #expect(defaults == Request(interval: 2, count: nil, sql: "SELECT 1;"))
    let unterminated = try Request.parse(".wat 5 SELECT 2", lastSQL: nil).get()
    #expect(unterminated == Request(interval: 5, count: nil, sql: "SELECT 2;"))
    #expect(throws: Request.Failure.self) { try Request.parse(".watch", lastSQL: nil).get() }
    #expect(throws: Request.Failure.self) {
      try Request.parse(".watch --count x SELECT 1", lastSQL: nil).get()
    }
    #expect(throws: Request.Failure.self) {
      try Request.parse(".watch 0.01 SELECT 1", lastSQL: nil).get()
    }
  }

  @Test("--count 3 in a script prints three results and nothing else")
  func countInScript() {
    let (output, errors) = ShellHarness().run(
      "CREATE TABLE t(a); INSERT INTO t VALUES(7);\n.watch --count 3 0.1 SELECT a FROM t\n")
    #expect(output == "7\n7\n7\n")
    #expect(errors.isEmpty)
  }

  @Test("without --count, input that is not a terminal is refused")
  func needsCount() {
    let harness = ShellHarness()
    let (output, errors) = harness.run(".watch 1 SELECT 1;\n")
    #expect(output.isEmpty)
    #expect(errors == "Error: .watch needs --count N when input is not a terminal\n")
    #expect(harness.shell.exitStatus == 1)
  }

  @Test("a statement that writes or controls a transaction is refused before it runs")
  func refusesWrites() {
    let harness = ShellHarness()
    let (output, errors) = harness.run(
      """
      CREATE TABLE t(a);
      .watch --count 2 0.1 INSERT INTO t VALUES(1)
      .watch --count 2 0.1 SELECT 1; BEGIN
      SELECT count(*) FROM t;

      """)
    #expect(output == "0\n")
    #expect(
      errors == "Error: .watch runs only read-only SQL: INSERT INTO t VALUES(1);\n"
        + "Error: .watch runs only read-only SQL: BEGIN;\n")
  }

  @Test("with readers, each run goes to a reader")
  func onReaders() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "watch-\(UUID().uuidString.prefix(8))"
    ).path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let harness = ShellHarness(path: directory + "/w.db", readers: 2)
    let (output, errors) = harness.run(
      "CREATE TABLE t(a); INSERT INTO t VALUES(5);\n.watch --count 3 0.1 SELECT a FROM t;\n"
        + ".readers\n")
    #expect(output.hasPrefix("5\n5\n5\n"))
    #expect(output.contains("routed: 3 statements ran on readers"))
    #expect(errors.contains("WAL"))
  }
}
