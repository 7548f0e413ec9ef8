import CSQLite
import Glibc
import SQLiteCore

/// `readfile(FILE)`, `writefile(FILE, DATA[, MODE[, MTIME]])` and `lsmode(MODE)`, as sqlite3's
/// fileio extension defines them.
enum FileFunctions {
  static func register(_ registration: FunctionRegistration, safeMode: Bool) throws(SQLiteError) {
    try registration.scalar("lsmode", 1, []) { context, arguments in
      context.result(text: listingMode(arguments.int32(0)))
    }
    if safeMode {
      try SafeMode.block("readfile", 1, registration)
      try SafeMode.block("writefile", -1, registration)
      return
    }
    try registration.scalar("readfile", 1, .directOnly) { context, arguments in
      guard let path = arguments.string(0) else { return }
      path.withCString { readFile($0, into: context) }
    }
    try registration.scalar("writefile", -1, .directOnly, writeFileFunction)
  }

  /// The file's bytes as a blob; `NULL` when it cannot be opened, an error when too big.
  static func readFile(_ path: UnsafePointer<CChar>, into context: FunctionContext) {
    guard let file = fopen(path, "rb") else { return }
    defer { fclose(file) }
    fseek(file, 0, SEEK_END)
    let size = ftell(file)
    rewind(file)
    let limit = sqlite3_limit(context.database, SQLITE_LIMIT_LENGTH, -1)
    guard size <= Int(limit) else { return context.error(code: SQLITE_TOOBIG) }
    var bytes = [UInt8](repeating: 0, count: max(size, 0))
    let read = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
    guard read == bytes.count else { return context.error(code: SQLITE_IOERR) }
    context.result(blob: bytes)
  }

  private static func writeFileFunction(_ context: FunctionContext, _ arguments: FunctionArguments)
  {
    guard (2...4).contains(arguments.count) else {
      return context.error("wrong number of arguments to function writefile()")
    }
    guard let path = arguments.string(0) else { return }
    let mode = arguments.count >= 3 ? mode_t(truncatingIfNeeded: arguments.int32(2)) : 0
    let modificationTime = arguments.count == 4 ? arguments.int64(3) : -1
    var outcome = write(path, arguments, mode: mode, modificationTime: modificationTime, context)
    if outcome == .failed && errno == ENOENT && makeParentDirectories(of: path) {
      outcome = write(path, arguments, mode: mode, modificationTime: modificationTime, context)
    }
    guard arguments.count > 2, outcome != .written else { return }
    switch mode & S_IFMT {
    case S_IFLNK: context.error("failed to create symlink: \(path)")
    case S_IFDIR: context.error("failed to create directory: \(path)")
    default: context.error("failed to write file: \(path)")
    }
  }

  private enum Outcome { case written, failed, failedAfterOpen }

  /// Creates the file, directory or symbolic link `mode` names, then sets its time.
  private static func write(
    _ path: String, _ arguments: FunctionArguments, mode: mode_t, modificationTime: Int64,
    _ context: FunctionContext
  ) -> Outcome {
    let type = mode & S_IFMT
    if type == S_IFLNK {
      guard let target = arguments.string(1) else { return .failed }
      unlink(path)
      if symlink(target, path) < 0 { return .failed }
    } else if type == S_IFDIR {
      if mkdir(path, mode) != 0 {
        var status = stat()
        guard errno == EEXIST, stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
          status.st_mode & 0o777 == mode & 0o777 || chmod(path, mode & 0o777) == 0
        else { return .failed }
      }
    } else {
      guard let file = fopen(path, "wb") else { return .failed }
      var failed = false
      var written: Int64 = 0
      if arguments.type(1) != SQLITE_NULL, let bytes = arguments.blobBytes(1) {
        let count = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        written = Int64(bytes.count)
        failed = count != bytes.count
      }
      fclose(file)
      if !failed && mode != 0 && chmod(path, mode & 0o777) != 0 { failed = true }
      if failed { return .failedAfterOpen }
      context.result(written)
    }
    if modificationTime >= 0 && type != S_IFLNK {
      var times = [
        timeval(tv_sec: time(nil), tv_usec: 0),
        timeval(tv_sec: Int(modificationTime), tv_usec: 0),
      ]
      if utimes(path, &times) != 0 { return .failed }
    }
    return .written
  }

  /// Creates the missing directories above `path` (`0777` less the umask).
  private static func makeParentDirectories(of path: String) -> Bool {
    let bytes = Array(path.utf8)
    var index = 1
    while index < bytes.count {
      while index < bytes.count && bytes[index] != UInt8(ascii: "/") { index += 1 }
      if index == bytes.count { break }
      let directory = String(decoding: bytes[..<index], as: UTF8.self)
      var status = stat()
      if stat(directory, &status) != 0 {
        if mkdir(directory, 0o777) != 0 { return false }
      } else if status.st_mode & S_IFMT != S_IFDIR {
        return false
      }
      index += 1
    }
    return true
  }

  /// `-rw-r--r--` for a regular file's mode, as `ls -l` shows it.
  static func listingMode(_ mode: Int32) -> String {
    let mode = mode_t(truncatingIfNeeded: mode)
    var text: String =
      switch mode & S_IFMT {
      case S_IFLNK: "l"
      case S_IFREG: "-"
      case S_IFDIR: "d"
      default: "?"
      }
    for shift in stride(from: 6, through: 0, by: -3) {
      let bits = mode >> mode_t(shift)
      text += bits & 4 != 0 ? "r" : "-"
      text += bits & 2 != 0 ? "w" : "-"
      text += bits & 1 != 0 ? "x" : "-"
    }
    return text
  }
}
