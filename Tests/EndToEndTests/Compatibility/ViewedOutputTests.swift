import Foundation
import TestSupport
import Testing

/// `.once -e|-x`, `.output -e|-x` and `.excel` against sqlite3, with a fake `xdg-open` first on
/// `PATH` that records its arguments and a copy of the file it was given.
@Suite("Viewed output (.once -e/-x, .output -e/-x, .excel)")
struct ViewedOutputTests {
  /// One case: arguments, stdin, and the exit status the fake opener returns.
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let arguments: [String]
    let input: String
    var openerStatus = 0
    var testDescription: String { name }
  }

  /// What a run left: stdout, stderr, status, what the opener saw, and the temporary files
  /// still there after exit; temporary names and the run's directory normalised.
  struct Run: Equatable {
    var output: String
    var errors: String
    var status: Int32
    var opened: [String]
    var leftOver: [String]
  }

  static let cases: [Case] = [
    Case(
      name: ".excel with --bom, headers kept", arguments: [],
      input: ".headers on\n.excel --bom\nSELECT 1 AS a, 'x,y' AS b;\n.print after\n.show\n"),
    Case(
      name: ".once -e in box mode, then the mode is back", arguments: [],
      input: ".mode box\n.once -e\nSELECT 1 AS a;\nSELECT 2 AS b;\n.mode\n"),
    Case(
      name: "options: the last of -e and -x wins; errors go to the open output",
      arguments: [], input: ".once -x -e\nSELECT 1;\n.once --x\n.excel -e\n.print after\n"),
    Case(
      name: "a failing opener is reported, status unchanged", arguments: [],
      input: ".once -x\nSELECT 1;\n.print after\n", openerStatus: 3),
    Case(
      name: ".output -x: settings changed meanwhile are restored at the next .output",
      arguments: [],
      input: ".headers on\n.output -x\nSELECT 1 AS a, 2 AS b;\n.mode line\n.echo on\n"
        + ".changes on\nSELECT 3 AS c;\n.output\nSELECT 4;\n.show\n"),
    Case(
      name: ".output -e, then .once -x replaces it", arguments: [],
      input: ".output -e\nSELECT 1;\n.once -x\nSELECT 2;\nSELECT 3;\n"),
    Case(
      name: ".output -x left open is shown at exit", arguments: [],
      input: ".output -x\nSELECT 1;\nSELECT 2;\n"),
    Case(
      name: "a database file's VFS names the temporary file", arguments: ["t.db"],
      input: "SELECT 0;\n.output -x\nSELECT 1;\n.show\n.output -e\nSELECT 2;\n"),
    Case(
      name: ".once -e as arguments", arguments: [":memory:", ".once -e", "SELECT 5;"],
      input: ""),
  ]

  @Test("litesh matches sqlite3", arguments: cases)
  func matchesSQLite3(_ testCase: Case) throws {
    let reference = try Self.run(CompatibilityTests.sqlite3, testCase)
    let actual = try Self.run(Binary.litesh, testCase)
    #expect(actual.output == reference.output)
    #expect(actual.errors == reference.errors)
    #expect(actual.status == reference.status)
    #expect(actual.opened == reference.opened)
    #expect(!reference.opened.isEmpty)
    // sqlite3 3.40.1 forgets a temporary file when the next -e/-x replaces it (it sets
    // doXdgOpen before clearTempFile looks): litesh removes every one (README, Differences).
    #expect(actual.leftOver == [])
  }

  @Test("the file -e opens holds what .once FILE writes")
  func textIsWhatOnceWrites() throws {
    let query = ".mode table\n.headers on\nSELECT 1 AS a, 'two' AS b UNION ALL SELECT 3, NULL;\n"
    let viewed = try Self.run(
      Binary.litesh, Case(name: "-e", arguments: [], input: ".once -e\n" + query))
    let directory = try ScratchDirectory("litesh-viewed-plain")
    defer { directory.remove() }
    try directory.write("in.sql", Array((".once plain.txt\n" + query).utf8))
    let plain = try BatchRun.run(
      Binary.litesh, [], in: directory, inputFile: directory.path("in.sql"))
    #expect(plain.status == 0)
    let written = try String(contentsOfFile: directory.path("plain.txt"), encoding: .utf8)
    #expect(viewed.opened == ["argc=1 name=tempX.txt\n" + written])
  }

  /// Runs `program` in a fresh directory whose `tmp/` is `$TMP` and `$TMPDIR`.
  static func run(_ program: String, _ testCase: Case) throws -> Run {
    let directory = try ScratchDirectory("litesh-viewed")
    defer { directory.remove() }
    let fileManager = FileManager.default
    for folder in ["bin", "tmp", "opened"] {
      try fileManager.createDirectory(
        atPath: directory.path(folder), withIntermediateDirectories: true)
    }
    let opener = directory.path("bin/xdg-open")
    try writeExecutableScript(
      """
      #!/bin/sh
      n=$(ls "$OPENED" | wc -l)
      { echo "argc=$# name=${1##*/}"; cat "$1"; } > "$OPENED/$n"
      exit \(testCase.openerStatus)

      """, to: opener)
    try directory.write("stdin", Array(testCase.input.utf8))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = testCase.arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory.root)
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = directory.root
    environment["XDG_CONFIG_HOME"] = directory.root + "/.config"
    environment["PATH"] = directory.path("bin") + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["TMP"] = directory.path("tmp")
    environment["TMPDIR"] = directory.path("tmp")
    environment["OPENED"] = directory.path("opened")
    environment.removeValue(forKey: "TEMP")
    environment.removeValue(forKey: "SQLITE_TMPDIR")
    process.environment = environment
    let outputFile = directory.path("stdout")
    let errorFile = directory.path("stderr")
    _ = fileManager.createFile(atPath: outputFile, contents: nil)
    _ = fileManager.createFile(atPath: errorFile, contents: nil)
    process.standardInput = try FileHandle(
      forReadingFrom: URL(fileURLWithPath: directory.path("stdin")))
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputFile))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorFile))
    try process.run()
    process.waitUntilExit()
    func text(_ path: String) throws -> String {
      normalised(
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self),
        directory: directory.root, program: program)
    }
    let openedNames = try fileManager.contentsOfDirectory(atPath: directory.path("opened"))
      .sorted { Int($0) ?? 0 < Int($1) ?? 0 }
    return Run(
      output: try text(outputFile), errors: try text(errorFile),
      status: process.terminationStatus,
      opened: try openedNames.map { try text(directory.path("opened/" + $0)) },
      leftOver: try fileManager.contentsOfDirectory(atPath: directory.path("tmp")))
  }

  /// `text` with temporary names as `tempX`/`etilqs_X`, the directory as `DIR` and the
  /// program's path as `PROGRAM`.
  static func normalised(_ text: String, directory: String, program: String) -> String {
    text.replacing(directory, with: "DIR").replacing(program, with: "PROGRAM")
      .replacing(/(temp|etilqs_)[0-9a-f]+/) { "\($0.output.1)X" }
  }
}
