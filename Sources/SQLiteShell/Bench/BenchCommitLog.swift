import Glibc

/// `.bench --commit-log FILE`: a line per committed write transaction, for crash tests.
enum BenchCommitLog {
  /// Opens (creates, appends to) the log; `nil` with the reason when it cannot.
  static func open(_ path: String) throws(BenchError) -> Int32 {
    let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw BenchError(
        message: "--commit-log: cannot open \"\(path)\": \(String(cString: strerror(errno)))")
    }
    return descriptor
  }

  /// Closes the log.
  static func close(_ descriptor: Int32) { _ = Glibc.close(descriptor) }

  /// Appends `id` and a newline in one `write(2)` (atomic with `O_APPEND`).
  static func append(_ id: Int64, to descriptor: Int32) {
    let line = Array("\(id)\n".utf8)
    _ = line.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
  }
}
