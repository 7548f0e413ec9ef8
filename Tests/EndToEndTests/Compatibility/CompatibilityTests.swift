import Foundation
import TestSupport
import Testing

/// Runs every ``CompatibilityCase`` through `sqlite3` and the built `litesh` and compares
/// stdout bytes, stderr (program names normalised) and the exit status.
@Suite("Compatibility with sqlite3")
struct CompatibilityTests {
  /// The output of one run.
  struct Run: Equatable {
    var output: Data
    var errors: String
    /// Standard error's bytes, program names normalised.
    var errorBytes: [UInt8]
    var status: Int32
  }

  static let sqlite3 = Binary.sqlite3

  @Test("litesh matches sqlite3", arguments: CompatibilityCases.all)
  func matchesSQLite3(_ testCase: CompatibilityCase) throws {
    if Self.readers != nil, Self.differentWithReaders[testCase.name] != nil { return }
    let (reference, actual) = try Self.expectSameRuns(testCase)
    #expect(actual.errorBytes == reference.errorBytes, "stderr bytes differ")
  }

  /// Runs `testCase` through sqlite3 and litesh and expects the same stdout (as text, then as
  /// bytes), stderr and status; returns both runs for further checks.
  @discardableResult
  static func expectSameRuns(
    _ testCase: CompatibilityCase, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (reference: Run, actual: Run) {
    let reference = try run(sqlite3, testCase)
    let actual = try run(Binary.litesh, testCase)
    #expect(
      String(decoding: actual.output, as: UTF8.self)
        == String(decoding: reference.output, as: UTF8.self), sourceLocation: sourceLocation)
    #expect(
      actual.output == reference.output, "stdout bytes differ", sourceLocation: sourceLocation)
    #expect(actual.errors == reference.errors, sourceLocation: sourceLocation)
    #expect(actual.status == reference.status, sourceLocation: sourceLocation)
    return (reference, actual)
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
    ".open creates, reopens and shows the file": "`.show` has a `readers:` line while readers run",
    "a Latin-1 database name on the command line opens that very file":
      "`.show` has a `readers:` line while readers run",
    ".filectrl runs file controls on a database file":
      "`data_version` counts the commits the read pool's WAL switch made",
    ".connection lists, switches and closes connections; only one digit is a number":
      "with readers on, litesh refuses to switch away from a connection with a read pool",
    ".connection on two connections to one file: each sees the other's commits":
      "with readers on, litesh refuses to switch away from a connection with a read pool",
  ]

  /// The arguments litesh gets for a case: `--readers N` first under `LITESH_COMPAT_READERS`.
  static func arguments(for program: String, _ testCase: CompatibilityCase) -> [[UInt8]] {
    guard program != sqlite3, let readers else { return testCase.arguments }
    return [Array("--readers".utf8), Array(readers.utf8)] + testCase.arguments
  }

  /// Stderr without the WAL notice a run with readers prints when it switches a file to WAL.
  static func withoutWALNotice(_ errors: [UInt8]) -> [UInt8] {
    guard readers != nil else { return errors }
    let notice = Array("litesh: database switched to WAL for ".utf8)
    return Array(
      errors.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        .filter { !$0.starts(with: notice) }
        .joined(separator: [UInt8(ascii: "\n")]))
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
      try Data(contents).write(to: url)
    }
    let process = Process()
    let arguments = arguments(for: program, testCase)
    if arguments.allSatisfy({ String(validating: $0, as: UTF8.self) != nil }) {
      process.executableURL = URL(fileURLWithPath: program)
      process.arguments = arguments.map { String(decoding: $0, as: UTF8.self) }
    } else {
      // Foundation passes arguments as Strings; the shell passes the exact bytes.
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", shellCommand(arguments), program]
    }
    process.currentDirectoryURL = work
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = home.path
    // Who is at the keyboard is the rule's to decide (`-interactive` on a pipe: a program).
    environment.removeValue(forKey: "LITESH_AUDIENCE")
    // litesh's config file is looked for there too, never in the developer's own.
    environment["XDG_CONFIG_HOME"] = home.path + "/.config"
    process.environment = environment
    let inputFile = root.appendingPathComponent("stdin")
    try Data(testCase.input).write(to: inputFile)
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
    let errorBytes = replacing(
      Array(program.utf8), with: Array("PROGRAM".utf8),
      in: withoutWALNotice(Array(try Data(contentsOf: errorFile))))
    let errors = String(decoding: errorBytes, as: UTF8.self)
    return Run(
      output: output, errors: errors, errorBytes: errorBytes, status: process.terminationStatus)
  }

  /// `exec "$0" ARG…` for `/bin/sh -c`, each argument made by `printf` from octal escapes, so
  /// its bytes reach the program unchanged (a trailing newline would be lost).
  static func shellCommand(_ arguments: [[UInt8]]) -> String {
    let words = arguments.map { bytes in
      let escaped = bytes.map { byte in
        let octal = String(byte, radix: 8)
        return "\\" + String(repeating: "0", count: 3 - octal.count) + octal
      }
      return "\"$(printf '\(escaped.joined())')\""
    }
    return "exec \"$0\" " + words.joined(separator: " ")
  }

  /// `bytes` with every occurrence of `target` replaced.
  static func replacing(_ target: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8]
  {
    guard !target.isEmpty else { return bytes }
    var result: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index...].starts(with: target) {
        result += replacement
        index += target.count
      } else {
        result.append(bytes[index])
        index += 1
      }
    }
    return result
  }
}
