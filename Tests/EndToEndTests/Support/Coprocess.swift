import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A program driven through pipes one step at a time, as another program would drive it:
/// write some input, wait (with a deadline) for the answer, write the next.
///
/// Reads wait on `poll(2)` for the marker the test asked for, never on a sleep; a deadline that
/// passes throws ``Timeout`` with what had arrived, so a shell that holds its answers fails the
/// test instead of hanging it.
final class Coprocess {
  /// The answer did not arrive before the deadline.
  struct Timeout: Error, CustomStringConvertible {
    var waitingFor: String
    var received: String
    var description: String { "no \(waitingFor.debugDescription) in \(received.debugDescription)" }
  }

  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let errors = Pipe()
  private var pendingOutput: [UInt8] = []

  /// Starts `program` with `arguments` in `directory`.
  init(
    _ program: String, _ arguments: [String], directory: String? = nil,
    environment: [String: String] = [:]
  ) throws {
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    // No config file of the developer's: the directory named does not exist.
    let noConfig = ["XDG_CONFIG_HOME": NSTemporaryDirectory() + "litesh-tests-no-config"]
    process.environment = ProcessInfo.processInfo.environment.merging(noConfig) { $1 }
      .merging(environment) { $1 }
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
  }

  deinit {
    if process.isRunning { process.terminate() }
  }

  /// Writes `text` to the program's standard input.
  func send(_ text: String) { send(bytes: Array(text.utf8)) }

  /// Writes raw bytes to the program's standard input (nothing, once the program has exited).
  func send(bytes: [UInt8]) { BrokenPipe.write(Data(bytes), to: input.fileHandleForWriting) }

  /// Reads standard output until it holds `marker`; returns everything before the marker
  /// (the marker itself is consumed).
  func read(until marker: String, timeout: Duration = .seconds(20)) throws -> String {
    let needle = Array(marker.utf8)
    let deadline = ContinuousClock.now + timeout
    while true {
      if let range = Self.find(needle, in: pendingOutput) {
        let before = Array(pendingOutput[..<range.lowerBound])
        pendingOutput.removeFirst(range.upperBound)
        return String(decoding: before, as: UTF8.self)
      }
      let left = deadline - ContinuousClock.now
      let milliseconds = Int32(max(0, left.components.seconds * 1000))
      guard left > .zero,
        let chunk = Self.readAvailable(output.fileHandleForReading.fileDescriptor, milliseconds)
      else {
        throw Timeout(
          waitingFor: marker, received: String(decoding: pendingOutput, as: UTF8.self))
      }
      pendingOutput += chunk
    }
  }

  /// Standard error written so far (the program flushes it before it reads more input).
  func availableErrors() -> String {
    var collected: [UInt8] = []
    while let chunk = Self.readAvailable(errors.fileHandleForReading.fileDescriptor, 0) {
      collected += chunk
    }
    return String(decoding: collected, as: UTF8.self)
  }

  /// Closes standard input and waits for the exit; returns the status and the rest of both
  /// outputs.
  func finish() throws -> (status: Int32, output: String, errors: String) {
    try input.fileHandleForWriting.close()
    let rest = output.fileHandleForReading.readDataToEndOfFile()
    let errorText = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: pendingOutput + rest, as: UTF8.self),
      String(decoding: errorText, as: UTF8.self)
    )
  }

  /// The program's process id.
  var processIdentifier: Int32 { process.processIdentifier }

  /// Sends `signal` to the program.
  func signal(_ signal: Int32) { kill(process.processIdentifier, signal) }

  private static func readAvailable(_ descriptor: Int32, _ milliseconds: Int32) -> [UInt8]? {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&request, 1, milliseconds) > 0 else { return nil }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    return Array(buffer[..<count])
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
    guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
    for start in 0...(haystack.count - needle.count)
    where haystack[start..<(start + needle.count)].elementsEqual(needle) {
      return start..<(start + needle.count)
    }
    return nil
  }
}
