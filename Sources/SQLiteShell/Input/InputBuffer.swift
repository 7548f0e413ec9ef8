package import SQLiteCore

/// Splits one input source into dot-commands, comment lines and SQL chunks, line by line, the
/// way sqlite3's `process_input` does.
///
/// Rules (sqlite3 3.40.1): with nothing pending, a line of white space and comments is
/// skipped, and a line starting with `.` (a dot-command) or `#` (a comment) in column 0 is
/// taken whole. Other lines accumulate; a line that is only `go` or `/` ends the pending
/// statement; the pending text runs when it ends with `;` and `sqlite3_complete` agrees.
package struct InputBuffer {
  /// What to do with one line.
  package enum Disposition: Equatable {
    /// Nothing to run; `echo` is the text `.echo on` prints (the line, or discarded comments).
    case skip(echo: SQLText?)
    /// A dot-command line (with its leading `.`).
    case dotCommand(SQLText)
    /// A complete SQL chunk that started on `line`.
    case sql(SQLText, line: Int)
    /// The line was added to pending SQL; more input is needed.
    case pending
  }

  /// The number of the last line read (1-based).
  package private(set) var lineNumber = 0
  /// The SQL accumulated so far (empty when nothing is pending).
  package var pending: SQLText { hasPendingText ? text : SQLText() }
  /// The pending SQL's bytes; after a chunk is taken, its bytes until the next chunk starts.
  private var text = SQLText()
  /// A second buffer: chunks alternate between the two, so the next chunk's bytes go into
  /// storage the last chunk (kept by the shell for `.edit`) does not share, allocated once.
  private var spare = SQLText()
  private var startLine = 0
  private var scan = QuickScan.start
  private var hasPendingText = false

  /// An empty buffer at line 0.
  package init() {}

  /// Whether SQL text is waiting for more lines.
  package var hasPending: Bool { hasPendingText }

  /// Counts a line that something else took (`.open --hexdb` reading the input).
  package mutating func skipLine() { lineNumber += 1 }

  /// Feeds one line (without its line terminator).
  package mutating func feed(_ line: String) -> Disposition { feed(SQLText(line)) }

  /// Feeds one line's bytes (without its line terminator); they are kept exactly.
  package mutating func feed(_ line: SQLText) -> Disposition {
    line.withUnsafeBytes { feed(bytes: $0) }
  }

  /// Feeds one line's bytes, valid only during the call (a reader's buffer): they are copied
  /// only when kept, into the pending SQL's reused storage.
  mutating func feed(bytes line: UnsafeBufferPointer<UInt8>) -> Disposition {
    lineNumber += 1
    if scan.isInPlain, isCommandTerminator(line), isCompleteWithSemicolon() {
      let semicolon: [UInt8] = [UInt8(ascii: ";")]
      return semicolon.withUnsafeBufferPointer { accept($0) }
    }
    return accept(line)
  }

  private mutating func accept(_ line: UnsafeBufferPointer<UInt8>) -> Disposition {
    let first = line.first
    let scanBefore = scan
    // A line in plain text that starts with a word and ends with `;` (nearly every line of a
    // script) is not scanned when the pending SQL with it is complete, as it then runs: the
    // scan only decides whether to ask `sqlite3_complete`, which answers the same for it.
    let mayEndStatement = scan.isInPlain && QuickScan.mayEndStatement(line)
    scan = mayEndStatement ? .terminated : scan.scanning(line)
    if scan.isPlainWhite && !hasPendingText {
      scan = .start
      return .skip(echo: SQLText(copying: line))
    }
    if !hasPendingText, let first, first == UInt8(ascii: ".") || first == UInt8(ascii: "#") {
      scan = .start
      let text = SQLText(copying: line)
      return first == UInt8(ascii: ".") ? .dotCommand(text) : .skip(echo: text)
    }
    if !hasPendingText {
      swap(&text, &spare)
      var start = 0
      while start < line.count, isSpace(line[start]) { start += 1 }
      let bytes = UnsafeBufferPointer(rebasing: line[start...])
      // A huge statement's storage is not kept for the rest of the input.
      if text.count <= 1 << 16 {
        text.replaceAll(with: bytes)
      } else {
        text = SQLText(copying: bytes)
      }
      startLine = lineNumber
      hasPendingText = true
    } else {
      text.append(UInt8(ascii: "\n"))
      text.append(line)
    }
    if scan.isSemicolonTerminated && Connection.isComplete(text) {
      return takeChunk()
    }
    if mayEndStatement { scan = scanBefore.scanning(line) }
    if scan.isPlainWhite {
      let chunk = text
      reset()
      return .skip(echo: chunk)
    }
    return .pending
  }

  /// The pending SQL at end of input, to run as is (it may be incomplete).
  package mutating func finish() -> Disposition {
    guard hasPendingText else { return .skip(echo: nil) }
    return takeChunk()
  }

  /// Drops pending SQL (Ctrl-C at a continuation prompt).
  package mutating func discardPending() { reset() }

  private mutating func takeChunk() -> Disposition {
    let chunk = Disposition.sql(text, line: startLine)
    reset()
    return chunk
  }

  private mutating func reset() {
    hasPendingText = false
    scan = .start
  }

  /// `go` or `/` alone on a line (white space and comments allowed around it).
  private func isCommandTerminator(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < bytes.count, isSpace(bytes[index]) { index += 1 }
    if index < bytes.count, bytes[index] == UInt8(ascii: "/") {
      index += 1
    } else if index + 1 < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "g"),
      bytes[index + 1] | 0x20 == UInt8(ascii: "o")
    {
      index += 2
    } else {
      return false
    }
    return QuickScan.start.scanning(UnsafeBufferPointer(rebasing: bytes[index...])) == .start
  }

  /// sqlite3's `line_is_complete`: the pending text with a `;` appended is complete.
  private func isCompleteWithSemicolon() -> Bool {
    var chunk = pending
    chunk.append(UInt8(ascii: ";"))
    return Connection.isComplete(chunk)
  }
}
