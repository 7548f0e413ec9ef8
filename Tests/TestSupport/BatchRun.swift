import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One batch run of a program: standard input from a file, both outputs captured in files, the
/// exit status or the signal that ended it, and (through `/usr/bin/time`) its peak memory.
public struct BatchRun: Sendable {
  public var status: Int32
  /// The signal that ended the program, if one did.
  public var signal: Int32?
  public var output: [UInt8]
  public var errors: String
  /// Peak resident memory in KiB, when `/usr/bin/time` is installed.
  public var peakKiB: Int?

  public var outputText: String { String(decoding: output, as: UTF8.self) }
  /// The first line of standard error.
  public var firstError: String { String(errors.split(separator: "\n").first ?? "") }

  public static let timeTool = "/usr/bin/time"

  /// Runs `program` with `arguments` in `directory`, stdin from `inputFile` (or empty).
  ///
  /// `asNobody` runs it as user nobody through `setpriv` (root reads any file, so "unreadable" needs
  /// another user).
  public static func run(
    _ program: String, _ arguments: [String], in directory: ScratchDirectory,
    inputFile: String? = nil, asNobody: Bool = false
  ) throws -> BatchRun {
    let tag = UUID().uuidString.prefix(8)
    let outputFile = directory.path(".out-\(tag)")
    let errorFile = directory.path(".err-\(tag)")
    let timeFile = directory.path(".time-\(tag)")
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
    process.currentDirectoryURL = URL(fileURLWithPath: directory.root)
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = directory.root
    // litesh's config file is looked for there too, never in the developer's own.
    environment["XDG_CONFIG_HOME"] = directory.root + "/.config"
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
