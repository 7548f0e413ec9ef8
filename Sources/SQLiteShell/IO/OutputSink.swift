import Glibc
package import SQLiteCore

/// A buffered byte stream to a file descriptor, or into memory for tests.
///
/// Formatters append bytes; the sink writes them in large blocks, so streaming a large result
/// costs one `write(2)` per 64 KiB, not one per value.
package final class OutputSink {
  /// Where the bytes go.
  package enum Target {
    /// A file descriptor, e.g. 1 for stdout.
    case fileDescriptor(Int32)
    /// An in-memory buffer, read back with ``captured``.
    case memory
  }

  /// The pending bytes.
  package var buffer: [UInt8] = []
  let target: Target
  private var memory: [UInt8] = []
  /// How many pending bytes make a write: 64 KiB, or one more than ``blockSize``.
  package private(set) var flushThreshold = 1 << 16
  private var closeAction: (() -> Void)?
  /// When set, flushed bytes go to this closure instead of the file descriptor: the REPL's
  /// pager and its error colouring take over the terminal's bytes here.
  package var redirect: ((UnsafeRawBufferPointer) -> Void)?
  /// While set, flushed bytes are kept here instead of written: the config file's messages,
  /// which are written later with its name and line in front.
  var held: [UInt8]?
  /// Runs just before buffered bytes reach a file descriptor, and after them (`false`, `true`):
  /// the REPL erases its progress line there and wraps messages in colour.
  package var aroundWrite: ((_ isAfter: Bool) -> Void)?
  /// Whether Ctrl-C was pressed (the REPL sets it on standard output): polled while a column,
  /// table, box or markdown result is drawn (the rest is dropped once it returns `true`), and
  /// before each statement of the shell starts (it is then not run, but fails as interrupted).
  package var isInterrupted: (@Sendable () -> Bool)?
  /// Counts the result rows formatters write here (the shell lends its counter).
  package var rowCounter: RowCounter?
  /// Whether other writers (`.trace`, `.log`, `.progress`) write here while a formatter streams
  /// rows: the formatter then hands over each row, so their lines land in step order.
  package var interleavesWrites = false
  /// The `errno` of the first `write(2)` that failed (a full disk, a full `/dev/full`); the
  /// bytes pending then, and all written after, are dropped.
  package private(set) var writeFailure: Int32?
  /// Whether the shell has said so (it says it once).
  package var isWriteFailureReported = false
  /// Runs once, with the `errno`, when a `write(2)` first fails.
  package var onWriteFailure: ((Int32) -> Void)?
  /// Whether every write goes out at once, as C's unbuffered standard error does: litesh's
  /// standard error when it shares one pipe or file with standard output (`2>&1`), so
  /// messages land between the output lines exactly where sqlite3's do.
  package var writesThrough = false
  /// Whether formatters write rows out each tenth of a second (``FlushTicker``).
  ///
  /// Rows of a slow query then appear as they are found. Off for standard output when standard
  /// error shares its pipe or file: sqlite3's output then reaches it only before each input
  /// line, and a flush on a timer would put its messages elsewhere, by chance.
  package var flushesRowsOnTime = true
  /// When set, the sink writes as C's fully buffered stdio does with a buffer of this size.
  ///
  /// Whole blocks go out once more than one is pending, keeping 1 to `blockSize` bytes.
  /// Standard output gets it when standard error shares its pipe or file, so a message written
  /// in the middle of a long output lands after the same byte as sqlite3's.
  package var blockSize: Int? {
    didSet { flushThreshold = blockSize.map { $0 + 1 } ?? 1 << 16 }
  }
  /// Whether the reader of this pipe has gone (`EPIPE` with SIGPIPE ignored): nothing written
  /// here can arrive any more.
  package var isBroken: Bool { writeFailure == EPIPE }

  /// Creates a sink.
  package init(_ target: Target) {
    self.target = target
    buffer.reserveCapacity(flushThreshold + 4096)
  }

  /// Creates (or truncates) a file and writes to it; `nil` when it cannot be opened.
  package static func open(path: String) -> OutputSink? { open(path: SQLText(path)) }

  /// Creates (or truncates) a file whose name is these bytes; `nil` when it cannot be opened.
  package static func open(path: SQLText) -> OutputSink? {
    let descriptor = path.withCString {
      Glibc.open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    }
    guard descriptor >= 0 else { return nil }
    let sink = OutputSink(.fileDescriptor(descriptor))
    sink.closeAction = { _ = Glibc.close(descriptor) }
    return sink
  }

  /// Starts `command` with `/bin/sh -c` and writes to its standard input.
  package static func open(command: String) -> OutputSink? { open(command: SQLText(command)) }

  /// Starts a command given as bytes with `/bin/sh -c` and writes to its standard input.
  package static func open(command: SQLText) -> OutputSink? {
    guard let stream = command.withCString({ popen($0, "w") }) else { return nil }
    let sink = OutputSink(.fileDescriptor(fileno(stream)))
    sink.closeAction = { _ = pclose(stream) }
    return sink
  }

  /// Flushes, then closes the file or waits for the command; sinks made with `init` stay open.
  package func close() {
    flush()
    closeAction?()
    closeAction = nil
  }

  /// Appends a string's UTF-8 bytes.
  @inline(__always)
  package func write(_ text: String) {
    var text = text
    text.withUTF8 { buffer.append(contentsOf: $0) }
    flushIfFull()
  }

  /// Appends raw bytes.
  @inline(__always)
  package func write(bytes: UnsafeBufferPointer<UInt8>) {
    buffer.append(contentsOf: bytes)
    flushIfFull()
  }

  /// Appends text's bytes exactly.
  @inline(__always)
  package func write(_ text: SQLText) {
    text.withUnsafeBytes { buffer.append(contentsOf: $0) }
    flushIfFull()
  }

  /// Writes the buffer out once it passes the threshold.
  @inline(__always)
  package func flushIfFull() {
    if writesThrough || buffer.count >= flushThreshold { flushFull() }
  }

  /// Writes out a full buffer: all of it, or with ``blockSize`` its whole blocks but the last.
  @inline(never)
  private func flushFull() {
    guard let blockSize, buffer.count > blockSize else { return flush() }
    let keep = (buffer.count - 1) % blockSize + 1
    let rest = Array(buffer[(buffer.count - keep)...])
    buffer.removeLast(keep)
    flush()
    buffer.append(contentsOf: rest)
  }

  /// Writes everything pending.
  package func flush() {
    guard !buffer.isEmpty else { return }
    if held != nil {
      held?.append(contentsOf: buffer)
      buffer.removeAll(keepingCapacity: true)
      return
    }
    switch target {
    case .memory:
      memory.append(contentsOf: buffer)
    case .fileDescriptor(let descriptor):
      aroundWrite?(false)
      defer { aroundWrite?(true) }
      if let redirect {
        buffer.withUnsafeBytes(redirect)
        break
      }
      if writeFailure != nil { break }
      if let code = buffer.withUnsafeBytes({ Self.writeAll($0, to: descriptor) }) {
        writeFailure = code
        onWriteFailure?(code)
      }
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes every byte of `bytes` to `descriptor`, again after `EINTR`; the `errno` of the
  /// write that failed, or `nil` when all were written.
  package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(
        descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return nil
  }

  /// Whether this sink collects bytes in memory (tests) rather than writing a descriptor.
  var isMemory: Bool {
    if case .memory = target { return true }
    return false
  }

  /// Everything written so far, for a memory sink.
  package var captured: [UInt8] {
    flush()
    return memory
  }

  /// Everything written so far as text, for a memory sink.
  package var capturedText: String { String(decoding: captured, as: UTF8.self) }
}
