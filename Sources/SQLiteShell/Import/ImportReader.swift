import Glibc

/// Reads `.import` input one field at a time: RFC 4180 CSV (sqlite3's `csv_read_one_field`)
/// or separator-only ASCII (`ascii_read_one_field`).
///
/// Fields are split exactly where sqlite3 splits them, but input sqlite3 would take in a
/// damaged form (an unterminated or stray quote, bytes that are not UTF-8, a NUL) stops the
/// reader with a ``Problem`` naming the line and column, so nothing half-read is imported.
package struct ImportReader {
  /// Why reading stopped early, and where (1-based line and byte column).
  package struct Problem: Equatable {
    package var message: String
    package var line: Int
    package var column: Int
  }

  /// The end-of-input terminator (sqlite3's `EOF`).
  package static let endOfInput: Int32 = -1

  private let descriptor: Int32
  private let buffer: UnsafeMutableBufferPointer<UInt8>
  private var position = 0
  private var end = 0
  private var isAtEnd = false
  private let columnSeparator: UInt8
  private let rowSeparator: UInt8
  private let isCSV: Bool
  private var isFirstField = true
  /// The bytes of the field just read.
  package private(set) var field: [UInt8] = []
  /// What ended the field: the column separator, the row separator or ``endOfInput``.
  package private(set) var terminator: Int32 = 0
  /// sqlite3's `nLine`: 1 plus the row separators read so far.
  package private(set) var line = 1
  /// The byte column of the next byte.
  private(set) var column = 1
  /// The bytes read so far (for progress).
  package private(set) var bytesRead = 0
  /// Set when the input is malformed; reading stops.
  package private(set) var problem: Problem?

  /// Reads from an open descriptor with the given separators; `isCSV` turns on quoting.
  package init(descriptor: Int32, columnSeparator: UInt8, rowSeparator: UInt8, isCSV: Bool) {
    self.descriptor = descriptor
    self.columnSeparator = columnSeparator
    self.rowSeparator = rowSeparator
    self.isCSV = isCSV
    buffer = .allocate(capacity: 1 << 18)
    field.reserveCapacity(256)
  }

  /// Frees the read buffer (the descriptor belongs to the caller).
  package func release() { buffer.deallocate() }

  /// Whether the last field ended its row with the column separator (more fields follow).
  var endedWithColumnSeparator: Bool { terminator == Int32(columnSeparator) }

  @inline(__always)
  private mutating func nextByte() -> Int32 {
    if position == end {
      guard refill() else { return Self.endOfInput }
    }
    let byte = buffer[position]
    position &+= 1
    if byte == rowSeparator {
      line &+= 1
      column = 1
    } else {
      column &+= 1
    }
    return Int32(byte)
  }

  private mutating func refill() -> Bool {
    guard !isAtEnd, let base = buffer.baseAddress else { return false }
    while true {
      let count = read(descriptor, base, buffer.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        isAtEnd = true
        return false
      }
      position = 0
      end = count
      bytesRead &+= count
      return true
    }
  }

  /// Reads the next field into ``field``; `false` at the end of input (or after a problem).
  package mutating func readField() -> Bool {
    guard problem == nil else {
      field.removeAll(keepingCapacity: true)
      terminator = Self.endOfInput
      return false
    }
    let startLine = line
    let startColumn = column
    let first = nextByte()
    if first == Self.endOfInput {
      field.removeAll(keepingCapacity: true)
      terminator = Self.endOfInput
      return false
    }
    var isASCII = false
    if isCSV && first == 0x22 {
      field.removeAll(keepingCapacity: true)
      readQuoted(startLine: startLine, startColumn: startColumn)
    } else {
      isASCII = readPlain(first)
    }
    isFirstField = false
    if problem == nil, !isASCII, let offset = Self.firstInvalidByte(field) {
      let what = field[offset] == 0 ? "NUL character" : "invalid UTF-8"
      problem = Problem(
        message: "\(what) in the field starting here", line: startLine, column: startColumn)
    }
    if problem != nil { terminator = Self.endOfInput }
    return true
  }

  /// An unquoted field: everything up to a separator; a `\r` before the row separator goes.
  ///
  /// ``field`` still holds the last field: its first run replaces it in one call.
  ///
  /// - Returns: whether every byte is ASCII other than NUL, so the field needs no UTF-8 check.
  private mutating func readPlain(_ first: Int32) -> Bool {
    var byte = first
    // The largest byte minus one, wrapping: below 0x7F when every byte is in 1...0x7F.
    var largest: UInt8 = 0
    var isFieldCleared = false
    if isCSV && isFirstField && byte == 0xEF {
      largest = 0xFF
      field.removeAll(keepingCapacity: true)
      isFieldCleared = true
      // Skip a UTF-8 byte order mark at the very start, as sqlite3 does.
      field.append(0xEF)
      byte = nextByte()
      if byte == 0xBB {
        field.append(0xBB)
        byte = nextByte()
        if byte == 0xBF {
          field.removeAll(keepingCapacity: true)
          isFirstField = false
          _ = readField()
          return false
        }
      }
    }
    let column = Int32(columnSeparator)
    let row = Int32(rowSeparator)
    while byte != Self.endOfInput && byte != column && byte != row {
      largest = max(largest, UInt8(truncatingIfNeeded: byte) &- 1)
      // `byte` was read from `buffer[position - 1]`: it and the rest of its run are copied in
      // one append (per byte, the appends were a quarter of an import's instructions). The
      // run holds no row separator, so the line does not change.
      var stop = position
      while stop < end {
        let next = buffer[stop]
        if next == columnSeparator || next == rowSeparator { break }
        largest = max(largest, next &- 1)
        stop &+= 1
      }
      let run = UnsafeBufferPointer(rebasing: buffer[(position &- 1)..<stop])
      if isFieldCleared {
        field.append(contentsOf: run)
      } else {
        field.replaceSubrange(0..<field.count, with: run)
        isFieldCleared = true
      }
      self.column &+= stop &- position
      position = stop
      byte = nextByte()
    }
    if !isFieldCleared { field.removeAll(keepingCapacity: true) }
    if byte == row && isCSV && field.last == 0x0D { field.removeLast() }
    terminator = byte
    return largest < 0x7F
  }

  /// A quoted field: `""` is one quote; the field ends at a quote followed by a separator,
  /// `\r\n` or the end of input.
  private mutating func readQuoted(startLine: Int, startColumn: Int) {
    let quote: Int32 = 0x22
    var previous: Int32 = 0
    var beforePrevious: Int32 = 0
    let column = Int32(columnSeparator)
    let row = Int32(rowSeparator)
    while true {
      let byte = nextByte()
      if byte == quote && previous == quote {
        previous = 0
        continue
      }
      if (byte == column && previous == quote) || (byte == row && previous == quote)
        || (byte == row && previous == 0x0D && beforePrevious == quote)
        || (byte == Self.endOfInput && previous == quote)
      {
        if let last = field.lastIndex(of: 0x22) { field.removeSubrange(last...) }
        terminator = byte
        return
      }
      if previous == quote && byte != 0x0D {
        problem = Problem(
          message: "unescaped \" character", line: line,
          column: max(1, self.column - 2))
        return
      }
      if byte == Self.endOfInput {
        problem = Problem(
          message: "unterminated \"-quoted field", line: startLine, column: startColumn)
        return
      }
      field.append(UInt8(truncatingIfNeeded: byte))
      beforePrevious = previous
      previous = byte
    }
  }
}
