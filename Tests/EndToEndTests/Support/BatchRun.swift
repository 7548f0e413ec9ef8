import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One batch run of a program: standard input from a file, both outputs captured in files, the
/// exit status or the signal that ended it, and (through `/usr/bin/time`) its peak memory.
struct BatchRun {
  var status: Int32
  /// The signal that ended the program, if one did.
  var signal: Int32?
  var output: [UInt8]
  var errors: String
  /// Peak resident memory in KiB, when `/usr/bin/time` is installed.
  var peakKiB: Int?

  var outputText: String { String(decoding: output, as: UTF8.self) }
  /// The first line of standard error.
  var firstError: String { String(errors.split(separator: "\n").first ?? "") }

  /// A scratch directory, removed by `remove()`.
  struct Directory {
    let path: String
    init(_ name: String) throws {
      path = NSTemporaryDirectory() + "litesh-\(name)-\(UUID().uuidString.prefix(8))"
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    func file(_ name: String) -> String { path + "/" + name }
    func write(_ name: String, _ bytes: [UInt8]) throws {
      let url = URL(fileURLWithPath: file(name))
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(bytes).write(to: url)
    }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
  }

  static let timeTool = "/usr/bin/time"

  /// Runs `program` with `arguments` in `directory`, stdin from `inputFile` (or empty).
  ///
  /// `user` runs it as that user through `setpriv` (root reads any file, so "unreadable" needs
  /// another user).
  static func run(
    _ program: String, _ arguments: [String], in directory: Directory,
    inputFile: String? = nil, asNobody: Bool = false
  ) throws -> BatchRun {
    let tag = UUID().uuidString.prefix(8)
    let outputFile = directory.file(".out-\(tag)")
    let errorFile = directory.file(".err-\(tag)")
    let timeFile = directory.file(".time-\(tag)")
    _ = FileManager.default.createFile(atPath: outputFile, contents: nil)
    _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
    defer {
      for file in [outputFile, errorFile, timeFile] {
        try? FileManager.default.removeItem(atPath: file)
      }
    }
    var command = [program] + arguments
    if asNobody {
      command = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + command
    }
    let timed = access(timeTool, X_OK) == 0
    if timed { command = [timeTool, "-f", "%M", "-o", timeFile] + command }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = directory.path
    // litesh's config file is looked for there too, never in the developer's own.
    environment["XDG_CONFIG_HOME"] = directory.path + "/.config"
    process.environment = environment
    process.standardInput =
      try inputFile.map { try FileHandle(forReadingFrom: URL(fileURLWithPath: $0)) }
      ?? FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputFile))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorFile))
    try process.run()
    process.waitUntilExit()
    var status = process.terminationStatus
    var signal: Int32? = process.terminationReason == .uncaughtSignal ? status : nil
    // GNU time reports a child killed by a signal as "Command terminated by signal N".
    let timeText = (try? String(contentsOfFile: timeFile, encoding: .utf8)) ?? ""
    if let line = timeText.split(separator: "\n").first(where: { $0.contains("by signal") }),
      let number = line.split(separator: " ").last.flatMap({ Int32($0) })
    {
      signal = number
      status = 128 + number
    }
    let peak = timeText.split(separator: "\n").last.flatMap { Int($0) }
    return BatchRun(
      status: status, signal: signal,
      output: Array(try Data(contentsOf: URL(fileURLWithPath: outputFile))),
      errors: String(
        decoding: try Data(contentsOf: URL(fileURLWithPath: errorFile)), as: UTF8.self),
      peakKiB: peak)
  }
}
