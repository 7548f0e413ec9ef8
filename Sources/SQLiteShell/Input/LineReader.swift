import Glibc
package import SQLiteCore

/// Reads lines from a file descriptor, a file, or a command's output, in large blocks.
///
/// Lines lose their `\n` (and a `\r` before it), as sqlite3's `local_getline` does; a last line
/// without a newline is still returned.
package final class LineReader {
  private let descriptor: Int32
  private var buffer: [UInt8]
  private var start = 0
  private var end = 0
  private var isAtEnd = false
  /// Where the search for the next newline resumes: the bytes from `start` up to here hold
  /// none, so a long line is scanned once, not once per block read.
  private var scanned = 0
  private let closeAction: (() -> Void)?
  /// Runs before each `read(2)` of the descriptor, which may block.
  ///
  /// The shell flushes its output there, so a program driving litesh through pipes sees each
  /// answer before it writes the next statement (sqlite3 answers each too). At most one call
  /// per 64 KiB block of input.
  package var beforeRead: (() -> Void)?
  /// A descriptor that becomes readable when reading must stop, or -1.
  ///
  /// A termination signal's pipe: each read waits on both, so a signal that comes while a
  /// read is about to block still ends the input; the rest is treated as the end of input.
  package var stopDescriptor: Int32 = -1

  /// Reads from an open descriptor, such as 0 for stdin; the descriptor is left open.
  package init(fileDescriptor: Int32) {
    descriptor = fileDescriptor
    buffer = [UInt8](repeating: 0, count: 1 << 16)
    closeAction = nil
  }

  /// Reads from text in memory (for tests and `-cmd`-like sources).
  package convenience init(text: String) { self.init(bytes: Array(text.utf8)) }

  /// Reads from bytes in memory.
  package init(bytes: [UInt8]) {
    descriptor = -1
    buffer = bytes
    end = buffer.count
    isAtEnd = true
    closeAction = nil
  }

  private init(descriptor: Int32, closeAction: @escaping () -> Void) {
    self.descriptor = descriptor
    buffer = [UInt8](repeating: 0, count: 1 << 16)
    self.closeAction = closeAction
  }

  /// Opens a file for reading; `nil` when it cannot be opened.
  package static func open(path: String) -> LineReader? { open(path: SQLText(path)) }

  /// Opens a file whose name is these bytes; `nil` when it cannot be opened.
  package static func open(path: SQLText) -> LineReader? {
    let descriptor = path.withCString { Glibc.open($0, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else { return nil }
    var info = stat()
    if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      Glibc.close(descriptor)
      return nil
    }
    return LineReader(descriptor: descriptor) { _ = Glibc.close(descriptor) }
  }

  /// Runs `command` with `/bin/sh -c` and reads its standard output; `nil` if it cannot start.
  package static func open(command: String) -> LineReader? { open(command: SQLText(command)) }

  /// Runs a command given as bytes with `/bin/sh -c`; `nil` if it cannot start.
  package static func open(command: SQLText) -> LineReader? {
    guard let stream = command.withCString({ popen($0, "r") }) else { return nil }
    return LineReader(descriptor: fileno(stream)) { _ = pclose(stream) }
  }

  /// Closes the file or waits for the command.
  package func close() { closeAction?() }

  /// The next line, or `nil` at end of input (bytes that are not UTF-8 become U+FFFD).
  package func nextLine() -> String? { nextText()?.string }

  /// The next line's bytes exactly as read, or `nil` at end of input.
  package func nextText() -> SQLText? {
    guard let range = nextLineRange() else { return nil }
    return buffer.withUnsafeBufferPointer {
      SQLText(copying: UnsafeBufferPointer(rebasing: $0[range]))
    }
  }

  /// Calls `body` with the next line's bytes, valid only inside it; `nil` at end of input.
  ///
  /// The line is not copied: the shell copies only what it keeps (~300 instructions a line
  /// for an allocation and its release).
  func withNextLine<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
    guard let range = nextLineRange() else { return nil }
    return buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// Where the next line is in ``buffer`` (without its terminator), valid until the next call.
  private func nextLineRange() -> Range<Int>? {
    while true {
      // One access to the stored properties per line, and `memchr` on the buffer's bytes.
      let (lineStart, lineEnd, from) = (start, end, max(start, scanned))
      let found = buffer.withUnsafeBufferPointer { all -> (stop: Int, next: Int)? in
        guard let base = all.baseAddress, lineEnd > from else { return nil }
        guard let hit = memchr(base + from, 0x0A, lineEnd - from) else { return nil }
        let newline = UnsafeRawPointer(base).distance(to: hit)
        var stop = newline
        if stop > lineStart, all[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
        return (stop, newline + 1)
      }
      if let found {
        start = found.next
        return lineStart..<found.stop
      }
      scanned = end
      if isAtEnd {
        guard start < end else { return nil }
        let range = start..<end
        start = end
        return range
      }
      fill()
    }
  }

  private func fill() {
    if start > 0 {
      buffer.withUnsafeMutableBytes { raw in
        guard let base = raw.baseAddress else { return }
        memmove(base, base + start, end - start)
      }
      end -= start
      scanned = max(0, scanned - start)
      start = 0
    }
    if end == buffer.count {
      // Doubled with one copy: an element-by-element append costs seconds on a 100 MB line.
      let old = buffer
      buffer = [UInt8](unsafeUninitializedCapacity: old.count * 2) { grown, count in
        guard let base = grown.baseAddress else { return }
        old.withUnsafeBytes { source in
          if let bytes = source.baseAddress { memcpy(base, bytes, old.count) }
        }
        memset(base + old.count, 0, old.count)
        count = old.count * 2
      }
    }
    beforeRead?()
    if isStopped() {
      isAtEnd = true
      return
    }
    let count = buffer.withUnsafeMutableBytes { raw -> Int in
      guard let base = raw.baseAddress else { return 0 }
      while true {
        let result = read(descriptor, base + end, raw.count - end)
        if result < 0 && errno == EINTR { continue }
        return result
      }
    }
    if count <= 0 { isAtEnd = true } else { end += count }
  }

  /// Waits until the input or ``stopDescriptor`` is readable; whether it was the stop.
  private func isStopped() -> Bool {
    guard stopDescriptor >= 0 else { return false }
    let readable = Int16(POLLIN | POLLHUP | POLLERR)
    var descriptors = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: stopDescriptor, events: Int16(POLLIN), revents: 0),
    ]
    while poll(&descriptors, 2, -1) < 0 && errno == EINTR {}
    return descriptors[1].revents & readable != 0
  }
}
