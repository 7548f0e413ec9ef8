import Foundation
import Testing

/// Fresh directories under /tmp for tests that need real files.
enum TemporaryDirectory {
  /// A new, empty directory named `/tmp/PREFIX-XXXXXX` (`mkdtemp`); the caller removes it.
  static func make(_ prefix: String) throws -> String {
    var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
    let path = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
    }
    return try #require(path, "mkdtemp failed")
  }

  /// Runs `body` with a new directory, then removes it and everything in it.
  static func with(_ prefix: String, _ body: (String) throws -> Void) throws {
    let directory = try make(prefix)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try body(directory)
  }
}
