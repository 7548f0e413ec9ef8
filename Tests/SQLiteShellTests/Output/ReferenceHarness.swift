import Foundation
import SQLiteCore
import SQLiteShell
import TestSupport
import Testing

/// One comparison with sqlite3: setup SQL, dot-command settings, and a query.
struct ReferenceCase: Sendable, CustomTestStringConvertible {
  /// A short name for the test report.
  var name: String
  /// SQL run first; must print nothing.
  var setup: String = ReferenceCase.sampleSetup
  /// Dot-command lines: `.mode`, `.headers`, `.width`, `.nullvalue`, `.separator`, `.explain`.
  var settings: [String]
  /// The SQL whose output is compared (one or more statements).
  var query: String

  var testDescription: String { name }

  /// The sample table of the reference notes, plus an empty table.
  static let sampleSetup = """
    CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, score REAL, data BLOB, note TEXT);
    INSERT INTO t VALUES(1,'Alice',3.5,x'414243',NULL);
    INSERT INTO t VALUES(2,'Zoë 日本',-2,NULL,'line1'||char(10)||'line2');
    INSERT INTO t VALUES(3,NULL,1e100,x'00ff','it''s "q"');
    CREATE TABLE empty(a, b);
    """
}

/// Runs a ``ReferenceCase`` through `sqlite3 :memory:` and through ``ResultWriter``.
enum ReferenceHarness {
  /// The bytes `sqlite3` writes to stdout for the case.
  static func sqlite3Output(_ testCase: ReferenceCase) throws -> [UInt8] {
    let script =
      testCase.setup + "\n" + testCase.settings.joined(separator: "\n") + "\n"
      + testCase.query + "\n"
    return try ProgramRun.run(Binary.sqlite3, ["-batch", ":memory:"], input: Array(script.utf8))
      .output
  }

  /// The bytes ``ResultWriter`` writes for the case, the style built by the same settings.
  static func litesh(_ testCase: ReferenceCase) throws -> [UInt8] {
    let connection = try Connection()
    try connection.execute(testCase.setup)
    var style = OutputStyle()
    for line in testCase.settings { apply(line, to: &style) }
    let sink = OutputSink(.memory)
    var statements = connection.statements(in: testCase.query)
    while let statement = try statements.next() {
      try ResultWriter.write(statement, style: style, to: sink)
    }
    return sink.captured
  }

  /// Applies one dot-command line as the shell engine would.
  static func apply(_ line: String, to style: inout OutputStyle) {
    let words = splitArguments(line)
    guard let command = words.first else { return }
    let arguments = Array(words.dropFirst())
    switch command {
    case ".mode":
      _ = style.applyModeCommand(arguments)
    case ".headers":
      style.showHeaders = arguments.first == "on"
      style.headersSetExplicitly = true
    case ".width":
      style.columnWidths = arguments.compactMap { Int($0) }
    case ".nullvalue":
      style.nullValue = arguments.first ?? ""
    case ".separator":
      if let column = arguments.first { style.columnSeparator = unescape(column) }
      if arguments.count > 1 { style.rowSeparator = unescape(arguments[1]) }
    case ".explain":
      style.explain = ExplainFormatting(rawValue: arguments.first ?? "on") ?? .on
    default:
      Issue.record("unsupported setting \(line)")
    }
  }

  /// Splits on spaces; `'…'` and `"…"` group words.
  private static func splitArguments(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var hasWord = false
    for character in line {
      if character == "'" || character == "\"", quote == nil || quote == character {
        quote = quote == nil ? character : nil
        hasWord = true
      } else if character == " " && quote == nil {
        if hasWord { words.append(current) }
        current = ""
        hasWord = false
      } else {
        current.append(character)
        hasWord = true
      }
    }
    if hasWord { words.append(current) }
    return words
  }

  private static func unescape(_ text: String) -> String {
    text.replacingOccurrences(of: "\\t", with: "\t").replacingOccurrences(of: "\\n", with: "\n")
      .replacingOccurrences(of: "\\r", with: "\r")
  }

  /// Compares both outputs, printing both as text when they differ.
  static func check(_ testCase: ReferenceCase) throws {
    let expected = try sqlite3Output(testCase)
    let actual = try litesh(testCase)
    let isSame = actual == expected
    #expect(
      isSame,
      """
      \(testCase.name)
      --- sqlite3 ---
      \(String(decoding: expected, as: UTF8.self))
      --- litesh ---
      \(String(decoding: actual, as: UTF8.self))
      """)
  }
}
