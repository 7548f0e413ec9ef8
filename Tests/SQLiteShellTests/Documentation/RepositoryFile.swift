import Foundation

/// The files under the repository root that document the shell, read from this source file's
/// place in the tree.
enum RepositoryFile {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func text(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
  }
}
