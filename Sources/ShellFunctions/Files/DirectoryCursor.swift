import Glibc
import SQLiteCore

/// One scan of `fsdir`: a depth-first walk in `readdir` order, as sqlite3's makes it.
///
/// Paths are kept as bytes, never as `String`: a file name need not be UTF-8, and the `name`
/// column must give back exactly the bytes the directory holds.
final class DirectoryCursor: VirtualTableCursor {
  /// The directories being read, outermost first, each with its path (no terminator).
  private var levels: [(directory: OpaquePointer, path: [UInt8])] = []
  /// The current entry's path, `DIR/` included; `nil` once the walk is over.
  private var path: [UInt8]?
  /// How many leading bytes of `path` the `name` column leaves out: `DIR/`.
  private var baseLength = 0
  private var status = stat()
  var rowid: Int64 = 1

  /// Closes the directories still open.
  func reset() {
    for level in levels { closedir(level.directory) }
    levels = []
    path = nil
    baseLength = 0
    rowid = 1
  }

  var isAtEnd: Bool { path == nil }

  /// Starts the walk at the path argument, inside the directory argument when the plan has one.
  func filter(plan: Int32, _ arguments: FunctionArguments) throws(VirtualTableError) {
    reset()
    guard plan != DirectoryListing.Plan.missingPath else {
      throw VirtualTableError("table function fsdir requires an argument")
    }
    // C strings, as sqlite3 reads them: up to the first NUL (a NUL kept in the path would
    // make every entry's C path the directory itself again, a walk without end).
    guard let root = arguments.textBytes(0)?.prefix(while: { $0 != 0 }).map({ $0 }) else {
      throw VirtualTableError("table function fsdir requires a non-NULL argument")
    }
    let directory =
      plan == DirectoryListing.Plan.pathInDirectory
      ? arguments.textBytes(1)?.prefix(while: { $0 != 0 }).map({ $0 }) : nil
    if let message = start(root: root, directory: directory) { throw VirtualTableError(message) }
  }

  func next() throws(VirtualTableError) {
    if let message = advance() { throw VirtualTableError(message) }
  }

  func close() { reset() }

  /// Starts at `root` (inside `directory` when given): its first row is `root` itself.
  ///
  /// Returns sqlite3's error message when the walk cannot start.
  private func start(root: [UInt8], directory: [UInt8]?) -> String? {
    reset()
    if let directory {
      baseLength = directory.count + 1
      path = directory + [UInt8(ascii: "/")] + root
    } else {
      path = root
    }
    return readStatus()
  }

  /// Moves to the next entry, into the current one first when it is a directory.
  private func advance() -> String? {
    rowid += 1
    if let current = path, status.st_mode & S_IFMT == S_IFDIR {
      guard let directory = Self.withCString(current, { opendir($0) }) else {
        return "cannot read directory: \(Self.display(current))"
      }
      levels.append((directory, current))
    }
    while let level = levels.last {
      guard let entry = readdir(level.directory) else {
        closedir(level.directory)
        levels.removeLast()
        continue
      }
      let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] {
        continue
      }
      path = level.path + [UInt8(ascii: "/")] + name
      return readStatus()
    }
    path = nil
    return nil
  }

  /// `lstat` of the current path: links are listed, not followed.
  private func readStatus() -> String? {
    guard let current = path else { return nil }
    let failed = Self.withCString(current) { lstat($0, &status) } != 0
    return failed ? "cannot stat file: \(Self.display(current))" : nil
  }

  /// Sets column `index` of the current row: name, mode, mtime, data (`NULL` for a
  /// directory, the target of a link, the bytes of a file); the hidden path and dir are `NULL`.
  func column(_ index: Int32, into context: FunctionContext) {
    guard let current = path else { return }
    switch index {
    case 0: context.result(text: Array(current[baseLength...]))
    case 1: context.result(Int64(status.st_mode))
    case 2: context.result(Int64(status.st_mtim.tv_sec))
    case 3:
      switch status.st_mode & S_IFMT {
      case S_IFDIR: context.resultNull()
      case S_IFLNK: context.result(text: Self.linkTarget(current))
      default: Self.withCString(current) { FileFunctions.readFile($0, into: context) }
      }
    default: break
    }
  }

  /// What the link at `path` points to, read into a buffer doubled until it fits.
  private static func linkTarget(_ path: [UInt8]) -> [UInt8] {
    var size = 64
    while true {
      var buffer = [CChar](repeating: 0, count: size)
      let count = withCString(path) { readlink($0, &buffer, size) }
      if count < size { return buffer.prefix(max(count, 0)).map { UInt8(bitPattern: $0) } }
      size *= 2
    }
  }

  /// Calls `body` with `bytes` as a NUL-terminated C string, valid only inside.
  private static func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
    body(bytes.map { CChar(bitPattern: $0) } + [0])
  }

  /// A path for an error message; SQLite's messages are text, so invalid UTF-8 is repaired.
  private static func display(_ path: [UInt8]) -> String { String(decoding: path, as: UTF8.self) }
}
