public import SQLiteCore

/// Splits one input source into dot-commands, comment lines and SQL chunks, line by line, the
/// way sqlite3's `process_input` does.
///
/// Rules (sqlite3 3.40.1): with nothing pending, a line of white space and comments is
/// skipped, and a line starting with `.` (a dot-command) or `#` (a comment) in column 0 is
/// taken whole. Other lines accumulate; a line that is only `go` or `/` ends the pending
/// statement; the pending text runs when it ends with `;` and `sqlite3_complete` agrees.
public struct InputBuffer {
  /// What to do with one line.
  public enum Disposition: Equatable {
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
  public private(set) var lineNumber = 0
  /// The SQL accumulated so far (empty when nothing is pending).
  public private(set) var pending = SQLText()
  private var startLine = 0
  private var scan = QuickScan.start
  private var hasPendingText = false

  /// An empty buffer at line 0.
  public init() {}

  /// Whether SQL text is waiting for more lines.
  public var hasPending: Bool { hasPendingText }

  /// Feeds one line (without its line terminator).
  public mutating func feed(_ line: String) -> Disposition { feed(SQLText(line)) }

  /// Feeds one line's bytes (without its line terminator); they are kept exactly.
  public mutating func feed(_ rawLine: SQLText) -> Disposition {
    lineNumber += 1
    var line = rawLine
    if scan.isInPlain, isCommandTerminator(line), isCompleteWithSemicolon() {
      line = SQLText(";")
    }
    let first = line.first
    scan = line.withUnsafeBytes { scan.scanning($0) }
    if scan.isPlainWhite && !hasPendingText {
      scan = .start
      return .skip(echo: line)
    }
    if !hasPendingText, let first, first == UInt8(ascii: ".") || first == UInt8(ascii: "#") {
      scan = .start
      return first == UInt8(ascii: ".") ? .dotCommand(line) : .skip(echo: line)
    }
    if !hasPendingText {
      // Sharing the line's storage when nothing is stripped saves a copy per statement.
      if let first, isSpace(first) {
        pending = SQLText(bytes: line.bytes.drop(while: isSpace))
      } else {
        pending = line
      }
      startLine = lineNumber
      hasPendingText = true
    } else {
      pending.append(UInt8(ascii: "\n"))
      pending.append(line)
    }
    if scan.isSemicolonTerminated && Connection.isComplete(pending) {
      return takeChunk()
    }
    if scan.isPlainWhite {
      let text = pending
      reset()
      return .skip(echo: text)
    }
    return .pending
  }

  /// The pending SQL at end of input, to run as is (it may be incomplete).
  public mutating func finish() -> Disposition {
    guard hasPendingText else { return .skip(echo: nil) }
    return takeChunk()
  }

  /// Drops pending SQL (Ctrl-C at a continuation prompt).
  public mutating func discardPending() { reset() }

  private mutating func takeChunk() -> Disposition {
    let chunk = Disposition.sql(pending, line: startLine)
    reset()
    return chunk
  }

  private mutating func reset() {
    pending = SQLText()
    hasPendingText = false
    scan = .start
  }

  /// `go` or `/` alone on a line (white space and comments allowed around it).
  private func isCommandTerminator(_ line: SQLText) -> Bool {
    line.withUnsafeBytes { bytes in
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
  }

  /// sqlite3's `line_is_complete`: the pending text with a `;` appended is complete.
  private func isCompleteWithSemicolon() -> Bool {
    var text = pending
    text.append(UInt8(ascii: ";"))
    return Connection.isComplete(text)
  }
}
