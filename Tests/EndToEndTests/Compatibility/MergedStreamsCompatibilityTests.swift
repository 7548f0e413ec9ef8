import Foundation
import TestSupport
import Testing

/// Scripts run through `sqlite3` and `litesh` with standard error sent into standard output
/// (`2>&1`): each message must land between the output lines exactly where sqlite3's does.
///
/// sqlite3 flushes its output before reading each input line and writes messages unbuffered,
/// so a message follows the earlier lines' output and comes before its own line's.
@Suite("Compatibility with sqlite3, both streams in one pipe")
struct MergedStreamsCompatibilityTests {
  static let cases: [CompatibilityCase] = [
    CompatibilityCase(
      "a dot-command's warning and usage come between the lines around it",
      input: ".print before\n.bail bogus\n.print after\n.bail a b\n.print end\n"),
    CompatibilityCase(
      "a usage block on standard error, then a statement error, between output lines",
      input: ".print a\n.archive\n.print b\nSELECT x;\n.print c\n.mode bogus\nSELECT 1;\n"),
    CompatibilityCase(
      "statement errors and a missing file between the results of the lines around them",
      input: "SELECT 1;\nSELECT x;\nSELECT 2;\n.import missing.csv t\n.print last\n"),
    CompatibilityCase(
      "lines read by .read flush their output too",
      input: ".print out\n.read s.sql\n.print back\n",
      files: ["s.sql": ".print in\n.bail x\n.print in2\nSELECT 2;\n.timeout a b\n"]),
    CompatibilityCase(
      "a statement's error comes before the output of its own line, echo included",
      input: "SELECT 1; SELECT x;\nSELECT 2;\n.echo on\n.headers on\nSELECT 3 AS a; SELECT y;\n"),
    CompatibilityCase(
      "an error of SQL given as an argument or with -cmd comes before the output",
      ["-cmd", "SELECT 1", "-cmd", "SELECT x", ":memory:", "SELECT 2; SELECT y"]),
    CompatibilityCase(
      "a line's output longer than sqlite3's buffer goes out in its blocks before the error",
      input: "SELECT printf('%.10000c', 'x'); SELECT a;\nSELECT printf('%.8191c', 'y'); SELECT b;\n"
        + "SELECT printf('%.4095c', 'z'); SELECT c;\n.mode box\nWITH RECURSIVE n(i) AS"
        + " (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000) SELECT i FROM n; SELECT d;\n"),
  ]

  @Test("messages land where sqlite3's do", arguments: cases)
  func sameBytes(_ testCase: CompatibilityCase) throws {
    let directory = try ScratchDirectory("litesh-merged")
    let sqlite3 = try Self.merging(CompatibilityTests.sqlite3, in: directory)
    let litesh = try Self.merging(Binary.litesh, in: directory)
    let reference = try CompatibilityTests.run(sqlite3, testCase)
    let actual = try CompatibilityTests.run(litesh, testCase)
    #expect(
      String(decoding: actual.output, as: UTF8.self)
        == String(decoding: reference.output, as: UTF8.self))
    #expect(actual.status == reference.status)
  }

  /// A script in `directory` that runs `program` with standard error into standard output,
  /// written close-on-exec (``writeExecutableScript(_:to:)``: a test running it must not fail
  /// with "Text file busy" because another test started a program meanwhile).
  ///
  /// The run under `LITESH_COMPAT_READERS` gives every program but sqlite3 `--readers N`
  /// first; sqlite3's script drops them.
  static func merging(_ program: String, in directory: ScratchDirectory) throws -> String {
    let path = directory.path((program as NSString).lastPathComponent + ".sh")
    let skip = program == CompatibilityTests.sqlite3 ? "[ \"$1\" = --readers ] && shift 2\n" : ""
    try writeExecutableScript("#!/bin/sh\n\(skip)exec '\(program)' \"$@\" 2>&1\n", to: path)
    return path
  }
}
