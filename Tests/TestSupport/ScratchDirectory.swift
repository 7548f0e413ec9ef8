import Foundation

/// A fresh directory under the system's temporary directory for a test's files (databases with
/// their `-wal`, `-shm` and `-journal` files, scripts, outputs), removed with everything in it.
///
/// ```swift
/// try ScratchDirectory.with { directory in
///   let db = try Connection(path: directory.path("test.db"))
///   …
/// }
/// ```
///
/// The directory goes when ``with(_:_:)``'s body returns or throws, or when the last reference
/// to a directory made with ``init(_:)`` goes (hold it, not only paths made from it, for as long
/// as the files are used), or at ``remove()``.
public final class ScratchDirectory: Sendable {
  /// The absolute path of the directory.
  public let root: String

  /// Makes a new, empty directory named `TMPDIR/PREFIX-XXXXXX` (`mkdtemp`).
  public init(_ prefix: String = "litesh") throws {
    var base = NSTemporaryDirectory()
    while base.count > 1, base.hasSuffix("/") { base.removeLast() }
    var template = Array("\(base)/\(prefix)-XXXXXX".utf8CString)
    let created = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
    }
    guard let created else { throw TestSupportError("mkdtemp failed for \(prefix): \(errno)") }
    root = created
  }

  /// The absolute path of a file inside the directory (`test.db` unless named).
  public func path(_ name: String = "test.db") -> String { root + "/" + name }

  /// The names of the files in the directory, sorted.
  public func fileNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: root).sorted()
  }

  /// Writes `bytes` to the file `name`, making the folders on its way.
  public func write(_ name: String, _ bytes: [UInt8]) throws {
    let url = URL(fileURLWithPath: path(name))
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
  }

  /// Writes `text` as UTF-8 to the file `name`.
  public func write(_ name: String, _ text: String) throws {
    try write(name, Array(text.utf8))
  }

  /// Removes the directory and everything in it.
  public func remove() {
    try? FileManager.default.removeItem(atPath: root)
  }

  deinit { remove() }

  /// Runs `body` with a new directory, then removes it, even when `body` throws.
  public static func with<R>(
    _ prefix: String = "litesh", _ body: (ScratchDirectory) throws -> R
  ) throws -> R {
    let directory = try ScratchDirectory(prefix)
    defer { directory.remove() }
    return try body(directory)
  }

  /// Runs `body` with the path of a file named `name` (not made) in a new directory, then
  /// removes the directory and whatever `body` left in it (a database's `-wal` and `-journal`).
  public static func withFile<R>(
    _ name: String, prefix: String = "litesh", _ body: (String) throws -> R
  ) throws -> R {
    try with(prefix) { directory in try body(directory.path(name)) }
  }

  /// Runs async `body` with a new directory, then removes it, even when `body` throws.
  public static func with<R>(
    _ prefix: String = "litesh", isolation: isolated (any Actor)? = #isolation,
    _ body: (ScratchDirectory) async throws -> R
  ) async throws -> R {
    let directory = try ScratchDirectory(prefix)
    defer { directory.remove() }
    return try await body(directory)
  }
}

/// A failure of the test support itself (a directory or process that could not be made, a wait
/// that ran out of time), with what happened.
public struct TestSupportError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

/// Writes an executable script (mode 755) through a close-on-exec descriptor.
///
/// A descriptor open for writing that leaks into a program another test starts meanwhile would
/// make running the script fail with "Text file busy" (`ETXTBSY`) for as long as that program
/// runs: Foundation's `Data.write(to:)` opens without close-on-exec.
public func writeExecutableScript(_ text: String, to path: String) throws {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
  guard descriptor >= 0 else { throw TestSupportError("cannot create \(path)") }
  defer { close(descriptor) }
  let bytes = Array(text.utf8)
  guard write(descriptor, bytes, bytes.count) == bytes.count else {
    throw TestSupportError("cannot write \(path)")
  }
}
