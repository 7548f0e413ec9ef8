import Foundation
import TestSupport
import Testing

/// Where litesh is deliberately stricter than sqlite3 3.40.1.
///
/// Malformed `.import` input that sqlite3 loads in a damaged form (or with a warning only) stops litesh with the file, line
/// and column, and leaves the database exactly as it was. These run litesh alone and compare
/// with the output litesh promises; sqlite3's output differs by design.
@Suite("Where litesh is stricter than sqlite3")
struct StricterImportTests {
  /// A case with litesh's expected stdout, stderr and status.
  struct Expectation: CustomTestStringConvertible, Sendable {
    let testCase: CompatibilityCase
    let output: String
    let errors: String
    let status: Int32
    var testDescription: String { testCase.name }
  }

  /// Creates a kept table, imports bad input into a new and into the kept table, and shows the
  /// schema and the kept rows: both imports must fail and change nothing.
  static func script(_ file: String) -> String {
    "CREATE TABLE keep(a);\nINSERT INTO keep VALUES(1);\n.import --csv \(file) fresh\n"
      + ".import --csv \(file) keep\nSELECT name FROM sqlite_schema;\nSELECT count(*) FROM keep;\n"
  }

  /// Bad input ``script(_:)`` imports twice: both imports fail with `message`, changing nothing.
  static func rejected(
    _ name: String, file: String, files: [String: String] = [:], message: String
  ) -> Expectation {
    Expectation(
      testCase: CompatibilityCase(name, input: script(file), files: files),
      output: "keep\n1\n", errors: String(repeating: message, count: 2), status: 1)
  }

  static let cases: [Expectation] = [
    rejected(
      "an unterminated quote rolls back", file: "u.csv",
      files: ["u.csv": "a\n1\n\"unterminated\nmore\n"],
      message: "Error: u.csv:3:1: unterminated \"-quoted field; nothing was imported\n"),
    rejected(
      "a stray quote rolls back", file: "q.csv", files: ["q.csv": "a\n\"x\"y\n3\n"],
      message: "Error: q.csv:2:3: unescaped \" character; nothing was imported\n"),
    rejected(
      "invalid UTF-8 rolls back", file: "'|printf \"a\\\\n1\\\\n2\\\\377\\\\n\"'",
      message: "Error: <pipe>:3:1: invalid UTF-8 in the field starting here;"
        + " nothing was imported\n"),
    rejected(
      "a NUL character rolls back", file: "'|printf \"a\\\\nx\\\\000y\\\\n\"'",
      message: "Error: <pipe>:2:1: NUL character in the field starting here;"
        + " nothing was imported\n"),
    Expectation(
      testCase: CompatibilityCase(
        "a bad row inside a transaction undoes only the import",
        input: "BEGIN;\nCREATE TABLE keep(a);\nINSERT INTO keep VALUES(1);\n"
          + ".import --csv u.csv keep\nINSERT INTO keep VALUES(2);\nCOMMIT;\n"
          + "SELECT group_concat(a) FROM keep;\n",
        files: ["u.csv": "5\n\"open\n"]),
      output: "1,2\n",
      errors: "Error: u.csv:2:1: unterminated \"-quoted field; nothing was imported\n",
      status: 1),
    Expectation(
      testCase: CompatibilityCase(
        "a COMMIT that a deferred foreign key fails rolls the import back, leaving no transaction",
        input: "PRAGMA foreign_keys=ON;\nCREATE TABLE p(id INTEGER PRIMARY KEY);\n"
          + "CREATE TABLE c(a REFERENCES p(id) DEFERRABLE INITIALLY DEFERRED);\n"
          + ".import --csv --skip 1 c.csv c\nINSERT INTO p VALUES(1);\n"
          + "SELECT count(*) FROM p;\nSELECT count(*) FROM c;\n",
        files: ["c.csv": "a\n1\n2\n"]),
      output: "1\n0\n",
      errors: "Error: FOREIGN KEY constraint failed; nothing was imported\n",
      status: 1),
    Expectation(
      testCase: CompatibilityCase(
        ".dump keeps text after a NUL character",
        input: "CREATE TABLE n(x);\nINSERT INTO n VALUES('a'||char(0)||'b'||char(10)||'c');\n"
          + ".dump\n"),
      output: "PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\nCREATE TABLE n(x);\n"
        + "INSERT INTO n VALUES('a'||char(0)||replace('b\\nc','\\n',char(10)));\nCOMMIT;\n",
      errors: "", status: 0),
  ]

  @Test("litesh prints what it promises", arguments: cases)
  func promised(_ expectation: Expectation) throws {
    let run = try CompatibilityTests.run(Binary.litesh, expectation.testCase)
    #expect(String(decoding: run.output, as: UTF8.self) == expectation.output)
    #expect(run.errors == expectation.errors)
    #expect(run.status == expectation.status)
  }
}
