import Foundation
import Testing

/// Runs every ``CompatibilityCase`` through `sqlite3` and the built `litesh` and compares
/// stdout bytes, stderr (program names normalised) and the exit status.
@Suite("Compatibility with sqlite3")
struct CompatibilityTests {
  /// The output of one run.
  struct Run: Equatable {
    var output: Data
    var errors: String
    var status: Int32
  }

  static let sqlite3 = "/usr/bin/sqlite3"

  @Test("litesh matches sqlite3", arguments: CompatibilityCases.all)
  func matchesSQLite3(_ testCase: CompatibilityCase) throws {
    if Self.readers != nil, Self.differentWithReaders[testCase.name] != nil { return }
    let reference = try Self.run(Self.sqlite3, testCase)
    let actual = try Self.run(Binary.litesh, testCase)
    #expect(
      String(decoding: actual.output, as: UTF8.self)
        == String(decoding: reference.output, as: UTF8.self))
    #expect(actual.output == reference.output, "stdout bytes differ")
    #expect(actual.errors == reference.errors)
    #expect(actual.status == reference.status)
  }

  @Test("there are at least 150 cases")
  func enoughCases() {
    #expect(CompatibilityCases.all.count >= 150)
    #expect(Set(CompatibilityCases.all.map(\.name)).count == CompatibilityCases.all.count)
  }

  @Test(
    "-help prints sqlite3's lines for the options litesh shares, in sqlite3's order, then its own",
    arguments: ["-help", "--help"])
  func helpText(_ option: String) throws {
    let testCase = CompatibilityCase(option, [option])
    let reference = try Self.run(Self.sqlite3, testCase)
    let actual = try Self.run(Binary.litesh, testCase)
    #expect(actual.status == reference.status)
    #expect(actual.output.isEmpty && reference.output.isEmpty)
    let referenceLines = reference.errors.split(separator: "\n")
    let lines = actual.errors.split(separator: "\n")
    let heading = try #require(lines.firstIndex(of: "litesh's own options:"))
    #expect(heading > 25)
    // sqlite3's part: each line is one of sqlite3's, and they come in sqlite3's order.
    var next = referenceLines.startIndex
    for line in lines[..<heading] {
      let found = referenceLines[next...].firstIndex(of: line)
      #expect(found != nil, "not in sqlite3 -help, or out of its order: \(line)")
      if let found { next = found + 1 }
    }
    // litesh's own block: at least one option, each spelt with two dashes.
    let own = lines[(heading + 1)...]
    #expect(!own.isEmpty)
    for line in own { #expect(line.hasPrefix("   --"), "not an option line: \(line)") }
  }

  /// `LITESH_COMPAT_READERS=N` runs litesh with `--readers N` (the notice that the file
  /// switched to WAL is dropped from its stderr); `nil` when unset.
  static let readers: String? = ProcessInfo.processInfo.environment["LITESH_COMPAT_READERS"]

  /// The cases whose output differs with readers by nature, with the reason.
  static let differentWithReaders: [String: String] = [
    ".open creates, reopens and shows the file": "`.show` has a `readers:` line while readers run"
  ]

  /// The arguments litesh gets for a case: `--readers N` first under `LITESH_COMPAT_READERS`.
  static func arguments(for program: String, _ testCase: CompatibilityCase) -> [String] {
    guard program != sqlite3, let readers else { return testCase.arguments }
    return ["--readers", readers] + testCase.arguments
  }

  /// Stderr without the WAL notice a run with readers prints when it switches a file to WAL.
  static func withoutWALNotice(_ errors: String) -> String {
    guard readers != nil else { return errors }
    return errors.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("litesh: database switched to WAL for ") }
      .joined(separator: "\n")
  }

  /// Runs `program` in a fresh directory with an empty `HOME`, piping the case's input.
  static func run(_ program: String, _ testCase: CompatibilityCase) throws -> Run {
    let fileManager = FileManager.default
    let root = fileManager.temporaryDirectory.appendingPathComponent(
      "litesh-compat-\(UUID().uuidString)")
    let work = root.appendingPathComponent("work")
    let home = root.appendingPathComponent("home")
    try fileManager.createDirectory(at: work, withIntermediateDirectories: true)
    try fileManager.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? fileManager.removeItem(at: root) }
    for (name, contents) in testCase.files {
      let url = work.appendingPathComponent(name)
      try fileManager.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments(for: program, testCase)
    process.currentDirectoryURL = work
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = home.path
    process.environment = environment
    let inputFile = root.appendingPathComponent("stdin")
    try Data(testCase.input.utf8).write(to: inputFile)
    let outputFile = root.appendingPathComponent("stdout")
    let errorFile = root.appendingPathComponent("stderr")
    _ = fileManager.createFile(atPath: outputFile.path, contents: nil)
    _ = fileManager.createFile(atPath: errorFile.path, contents: nil)
    process.standardInput = try FileHandle(forReadingFrom: inputFile)
    process.standardOutput = try FileHandle(forWritingTo: outputFile)
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.run()
    process.waitUntilExit()
    let output = try Data(contentsOf: outputFile)
    let errors = withoutWALNotice(
      String(decoding: try Data(contentsOf: errorFile), as: UTF8.self)
    )
    .replacingOccurrences(of: program, with: "PROGRAM")
    return Run(output: output, errors: errors, status: process.terminationStatus)
  }
}
