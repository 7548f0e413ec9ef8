import Foundation
import SQLiteCore
import Testing

/// A fresh directory for database files, removed (with every `-wal`, `-shm` and `-journal`
/// file SQLite left in it) when the scope that created it ends.
///
/// ```swift
/// try TemporaryDirectory.with { directory in
///   let db = try Connection(path: directory.path("test.db"))
///   …
/// }
/// ```
struct TemporaryDirectory {
  /// The absolute path of the directory.
  let root: String

  /// The absolute path of a file inside the directory.
  func path(_ name: String) -> String { root + "/" + name }

  /// The names of the files in the directory, sorted.
  func fileNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: root).sorted()
  }

  /// Runs `body` with a new directory and removes the directory afterwards, even on error.
  static func with<R>(_ body: (TemporaryDirectory) throws -> R) throws -> R {
    let directory = try make()
    defer { directory.remove() }
    return try body(directory)
  }

  private static func make() throws -> TemporaryDirectory {
    var base = NSTemporaryDirectory()
    while base.count > 1, base.hasSuffix("/") { base.removeLast() }
    var template = Array((base + "/sqlitecore-XXXXXX").utf8CString)
    let created = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
    }
    return TemporaryDirectory(root: try #require(created, "mkdtemp failed"))
  }

  private func remove() {
    let manager = FileManager.default
    for name in (try? fileNames()) ?? [] {
      try? manager.removeItem(atPath: path(name))
    }
    try? manager.removeItem(atPath: root)
  }
}
