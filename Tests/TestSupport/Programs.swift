public import Foundation

/// The programs the tests run: the `litesh` built beside the test bundle and the reference
/// `sqlite3` 3.40.1.
public enum Binary {
  /// The built `litesh`, found from the test bundle's path (`.build/debug/…` or `release`).
  public static var litesh: String {
    var directory = CommandLine.arguments.first ?? ""
    while !directory.isEmpty, !directory.hasSuffix("/debug"), !directory.hasSuffix("/release") {
      directory = String(directory[..<(directory.lastIndex(of: "/") ?? directory.startIndex)])
    }
    return directory + "/litesh"
  }

  /// The reference shell, sqlite3 3.40.1 (`scripts/setup.sh --test` installs it).
  public static let sqlite3 = "/usr/bin/sqlite3"
}

/// What a program printed and how it ended, from ``ProgramRun/run(_:_:input:environment:)``.
public struct ProgramRun: Sendable, Equatable {
  /// Standard output's bytes.
  public var output: [UInt8]
  /// Standard error, as text.
  public var errors: String
  /// The exit status (or the signal's number, when one ended the program).
  public var status: Int32

  /// Standard output, as text.
  public var outputText: String { String(decoding: output, as: UTF8.self) }

  /// Runs `program` with `arguments`, standard input from `input` (or empty), the environment
  /// this process has plus `environment`, and waits for it to end.
  public static func run(
    _ program: String, _ arguments: [String], input: [UInt8]? = nil,
    environment: [String: String] = [:]
  ) throws -> ProgramRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let inputPipe = input.map { _ in Pipe() }
    process.standardInput = inputPipe ?? FileHandle.nullDevice
    try process.run()
    if let inputPipe, let input {
      // A thread of its own writes, so that a program answering as it reads cannot fill the
      // output pipe while this one waits to write.
      let writer = inputPipe.fileHandleForWriting
      Thread.detachNewThread {
        BrokenPipe.write(Data(input), to: writer)
        try? writer.close()
      }
    }
    // Standard error is read on a thread too: a program that fills one pipe while this one
    // reads the other would otherwise wait forever.
    let errorData = Locked(Data())
    let errorsRead = Gate()
    let errorReader = errors.fileHandleForReading
    Thread.detachNewThread {
      let data = errorReader.readDataToEndOfFile()
      errorData.withLock { $0 = data }
      errorsRead.open()
    }
    let out = output.fileHandleForReading.readDataToEndOfFile()
    _ = errorsRead.wait(timeout: .infinity)
    process.waitUntilExit()
    return ProgramRun(
      output: Array(out), errors: String(decoding: errorData.value, as: UTF8.self),
      status: process.terminationStatus)
  }
}

/// Writing to a child that has already exited: the test goes on and its assertions decide.
///
/// By default such a write raises SIGPIPE, which kills the whole test process (every suite runs
/// in it) rather than failing one test; tests that write to children's pipes go through here.
public enum BrokenPipe {
  private static let ignored: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

  /// Writes `data` to `handle`, ignoring a closed read end (`EPIPE`).
  public static func write(_ data: Data, to handle: FileHandle) {
    ignored
    try? handle.write(contentsOf: data)
  }
}
