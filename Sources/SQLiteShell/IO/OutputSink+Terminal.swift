import Glibc

extension OutputSink {
  /// Whether the bytes go to a terminal (a file descriptor that `isatty`), so terminal-only
  /// extras (progress lines, charts) may be written.
  var isTerminal: Bool {
    guard case .fileDescriptor(let descriptor) = target else { return false }
    return isatty(descriptor) != 0
  }
}
