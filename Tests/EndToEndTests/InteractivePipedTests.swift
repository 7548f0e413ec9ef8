import Foundation
import TestSupport
import Testing

/// `-interactive` with piped input: a program drives the session, so it gets sqlite3's bytes:
/// its banner, then each line echoed after its prompt (`sqlite> `, or what `.prompt` set), as
/// sqlite3 (through readline) prints it.
@Suite("-interactive on a pipe")
struct InteractivePipedTests {
  static let inputs = [
    "CREATE TABLE t(a);\nSELECT 1;\nSELECT 2\n;\nSELECT * FROM nosuch;\n",
    ".headers on\n.mode csv\nSELECT 1 AS x,\n 'a' AS y;\n.quit\nSELECT 'not reached';\n",
    "SELECT 1; SELECT 2;\nINSERT INTO nosuch VALUES(1);\n.bail on\nSELEC 1;\nSELECT 3;\n",
    "BEGIN;\nCREATE TABLE t(a);\nSAVEPOINT s;\nSELECT 1;\nCOMMIT;\n.show\n",
    ".prompt 'db> ' '.. '\nSELECT\n 1;\n.prompt\nSELECT 2;\n",
  ]

  /// `-interactive` with other options: a database file, `-cmd`, `-init`, a mode.
  static let withOptions = [
    CompatibilityCase(
      "-interactive on a database file, -cmd setting the prompts",
      ["-interactive", "-cmd", ".prompt 'q> ' '+ '", "t.db"],
      input: "CREATE TABLE t(a);\nINSERT INTO t\nVALUES(1);\n.tables\n"),
    CompatibilityCase(
      "-interactive -init FILE: its prompt and output come before the first prompt",
      ["-interactive", "-init", "init.sql", "-csv", "-header"],
      input: "SELECT 1 AS a, 'x,y' AS b;\n",
      files: ["init.sql": ".prompt 'init> '\nSELECT 'from init';\n"]),
    CompatibilityCase(
      "-interactive with errors and .exit", ["-interactive", ":memory:"],
      input: "SELECT 1;\nSELEC;\nSELECT 2;\n.exit 3\nSELECT 'not reached';\n"),
  ]

  static let cases =
    inputs.map { CompatibilityCase("-interactive: \($0.prefix(24))", ["-interactive"], input: $0) }
    + withOptions

  @Test("banner, prompts and echoed lines are sqlite3's bytes", arguments: cases)
  func matchesSQLite3(_ testCase: CompatibilityCase) throws {
    try CompatibilityTests.expectSameRuns(testCase)
  }

  @Test("LITESH_AUDIENCE=person gives litesh's banner and prompt on a pipe too")
  func personOnPurpose() throws {
    let directory = try ScratchDirectory("litesh-interactive-person")
    defer { directory.remove() }
    let run = try DrivingProgram.run(
      "/bin/sh", ["-c", "printf 'SELECT 1;\\n' | \"$0\" -interactive :memory:", Binary.litesh],
      in: directory.root, environment: ["LITESH_AUDIENCE": "person"])
    #expect(run.output.hasPrefix("litesh "))
    #expect(run.output.contains("\nlitesh> SELECT 1;\n1\nlitesh> \n"))
  }

  @Test("the in-memory notice appears only without arguments")
  func transientNotice() throws {
    let bare = try CompatibilityTests.run(Binary.litesh, CompatibilityCase("bare", input: ""))
    #expect(bare.output.isEmpty)
    let forced = try CompatibilityTests.run(
      Binary.litesh, CompatibilityCase("forced", ["-interactive"], input: ""))
    #expect(!String(decoding: forced.output, as: UTF8.self).contains("transient"))
  }
}
