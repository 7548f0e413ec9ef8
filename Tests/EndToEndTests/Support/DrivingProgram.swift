import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A program nobody here wrote that drives a shell the way it drives sqlite3 (Emacs, expect,
/// Python's pexpect), run to its end with a deadline.
struct DrivingProgram {
  /// What the run printed, and how it ended.
  struct Run {
    var output: String
    var errors: String
    var status: Int32
  }

  /// The run did not end before its deadline (it was killed).
  struct Timeout: Error, CustomStringConvertible {
    var command: [String]
    var output: String
    var errors: String
    var description: String {
      "\(command.joined(separator: " ")) did not end in time; stdout:\n\(output)\nstderr:\n\(errors)"
    }
  }

  static let emacs = "/usr/bin/emacs"
  static let expect = "/usr/bin/expect"
  /// Debian's Python, which `python3-pexpect` installs for (another `python3` may come first
  /// on `PATH`).
  static let python = "/usr/bin/python3"

  /// Whether Debian's Python has pexpect (`scripts/setup.sh --test` installs it).
  static let hasPexpect: Bool = {
    guard let run = try? DrivingProgram.run(python, ["-c", "import pexpect"], in: "/tmp") else {
      return false
    }
    return run.status == 0
  }()

  /// Runs `executable` with `arguments` in `directory`, standard input empty, with the test's
  /// environment less what would decide the audience for it (`TERM`, `LITESH_AUDIENCE`,
  /// `INSIDE_EMACS`), plus `environment`; kills it after `timeout` seconds.
  static func run(
    _ executable: String, _ arguments: [String], in directory: String,
    environment: [String: String] = [:], timeout: Double = 60
  ) throws -> Run {
    let tag = UUID().uuidString.prefix(8)
    let outputFile = directory + "/.driver-out-\(tag)"
    let errorFile = directory + "/.driver-err-\(tag)"
    _ = FileManager.default.createFile(atPath: outputFile, contents: nil)
    _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
    defer {
      try? FileManager.default.removeItem(atPath: outputFile)
      try? FileManager.default.removeItem(atPath: errorFile)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var variables = ProcessInfo.processInfo.environment
    for name in ["TERM", "LITESH_AUDIENCE", "INSIDE_EMACS", "NO_COLOR"] {
      variables.removeValue(forKey: name)
    }
    variables["HOME"] = directory
    variables.merge(environment) { _, new in new }
    process.environment = variables
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputFile))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorFile))
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    let timedOut = process.isRunning
    if timedOut { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    let output = String(
      decoding: (try? Data(contentsOf: URL(fileURLWithPath: outputFile))) ?? Data(), as: UTF8.self)
    let errors = String(
      decoding: (try? Data(contentsOf: URL(fileURLWithPath: errorFile))) ?? Data(), as: UTF8.self)
    if timedOut {
      throw Timeout(command: [executable] + arguments, output: output, errors: errors)
    }
    return Run(output: output, errors: errors, status: process.terminationStatus)
  }

  /// The text after `@@name ` on the line that has it in `output`, if any (lines may end in
  /// `\r\n`: expect writes them so).
  static func value(_ name: String, in output: String) -> String? {
    let marker = "@@\(name) "
    // A Character "\r\n" is not "\n": split on any line end.
    for line in output.split(whereSeparator: \.isNewline) where line.hasPrefix(marker) {
      return String(line.dropFirst(marker.count))
    }
    return nil
  }
}
