import Glibc

extension Shell {
  /// Says once, on standard error, that output to `sink` was lost; returns whether it did.
  ///
  /// `name` is the sink's `.output` target, empty for standard output. The exit status
  /// becomes 1.
  ///
  /// sqlite3 3.40.1 loses such output silently and exits 0; a script must learn that its
  /// `.output` file is short.
  func reportWriteFailure(of sink: OutputSink, name: String) -> Bool {
    guard let failure = sink.writeFailure, !sink.isWriteFailureReported, sink !== errors else {
      return false
    }
    sink.isWriteFailureReported = true
    hasLostOutput = true
    let target = sink === standardOutput || name.isEmpty ? "standard output" : "\"\(name)\""
    errors.write(
      "Error: cannot write to \(target): \(String(cString: strerror(failure)));"
        + " output was lost\n")
    return true
  }
}
