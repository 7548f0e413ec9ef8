import Foundation
import Testing

/// `-interactive` with piped input: banner, then each line echoed after its prompt, as sqlite3
/// (through readline) prints it; only the banner and the prompt's name differ.
@Suite("-interactive on a pipe")
struct InteractivePipedTests {
  static let inputs = [
    "CREATE TABLE t(a);\nSELECT 1;\nSELECT 2\n;\nSELECT * FROM nosuch;\n",
    ".headers on\n.mode csv\nSELECT 1 AS x,\n 'a' AS y;\n.quit\nSELECT 'not reached';\n",
    "SELECT 1; SELECT 2;\nINSERT INTO nosuch VALUES(1);\n.bail on\nSELEC 1;\nSELECT 3;\n",
  ]

  @Test("prompts and echoed lines match sqlite3's", arguments: inputs)
  func matchesSQLite3(_ input: String) throws {
    let testCase = CompatibilityCase("-interactive", ["-interactive"], input: input)
    let reference = try CompatibilityTests.run(CompatibilityTests.sqlite3, testCase)
    let actual = try CompatibilityTests.run(Binary.litesh, testCase)
    let referenceLines = String(decoding: reference.output, as: UTF8.self)
      .replacingOccurrences(of: "sqlite> ", with: "litesh> ").split(
        separator: "\n", omittingEmptySubsequences: false)
    let lines = String(decoding: actual.output, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.hasPrefix("litesh ") == true)
    #expect(lines.dropFirst(2) == referenceLines.dropFirst(2))
    #expect(actual.errors == reference.errors)
    #expect(actual.status == reference.status)
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
