import Glibc

/// sqlite3's quick scan of input lines: whether the text so far ends in `;` outside strings and
/// comments, holds anything besides white space and comments, or is inside a token.
///
/// The state carries across lines, as sqlite3's does, so a block comment or a string may span
/// several lines. `Connection.isComplete` still decides statement boundaries; the scan only
/// tells sqlite3's cheap cases apart (comment-only lines, a lone `;`, pending text).
struct QuickScan: Equatable {
  /// The closing byte awaited (`*` for a block comment, a quote, `]`), or 0 in plain text.
  private(set) var awaiting: UInt8 = 0
  /// Whether anything besides white space and comments was seen.
  private(set) var hasDark = false
  /// Whether the last significant byte was a `;` in plain text.
  private(set) var endsWithSemicolon = false

  /// The state at the start of a chunk.
  static let start = QuickScan()

  /// Nothing but white space, comments and semicolons, and not inside a token.
  var isPlainWhite: Bool { awaiting == 0 && !hasDark }
  /// Ends with a `;` outside any token.
  var isSemicolonTerminated: Bool { awaiting == 0 && endsWithSemicolon }
  /// Not inside a string, identifier or block comment.
  var isInPlain: Bool { awaiting == 0 }

  /// The state after a statement's last line: plain text, dark, ending with `;`.
  static var terminated: QuickScan {
    QuickScan(awaiting: 0, hasDark: true, endsWithSemicolon: true)
  }

  /// Whether `line` starts with a byte that makes text dark and its last byte other than
  /// white space is `;`: read in plain text, it ends like a statement.
  ///
  /// When `sqlite3_complete` says such a line completes the pending SQL, the scan would have
  /// said so too (its `;` is outside any token); otherwise the line is scanned after all.
  static func mayEndStatement(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    var start = 0
    while start < line.count, isSpace(line[start]) { start += 1 }
    guard start < line.count, isOrdinary(line[start]) else { return false }
    var last = line.count - 1
    while last > start, isSpace(line[last]) { last -= 1 }
    return line[last] == UInt8(ascii: ";")
  }

  /// Scans one line (without its newline) and returns the state after it.
  func scanning<C: Collection>(_ line: C) -> QuickScan where C.Element == UInt8 {
    if let state = line.withContiguousStorageIfAvailable({ scanning(bytes: $0) }) {
      return state
    }
    return Array(line).withUnsafeBufferPointer { scanning(bytes: $0) }
  }

  /// Scans a line held in contiguous memory; reading past its end yields 0, as C's NUL would.
  private func scanning(bytes line: UnsafeBufferPointer<UInt8>) -> QuickScan {
    var state = self
    let bytes = NulTerminated(line)
    var index = 0
    if state.awaiting != 0 {
      guard state.scanToken(bytes, &index) else { return state }
    }
    while true {
      let byte = bytes[index]
      if isOrdinary(byte) {
        // Most of a statement: a run of bytes that only make the text "dark".
        state.endsWithSemicolon = false
        state.hasDark = true
        index += 1
        while isOrdinary(bytes[index]) { index += 1 }
        continue
      }
      if byte == 0 { break }
      index += 1
      if isSpace(byte) { continue }
      switch byte {
      case UInt8(ascii: "-") where bytes[index] == UInt8(ascii: "-"):
        return state
      case UInt8(ascii: ";"):
        state.endsWithSemicolon = true
        continue
      case UInt8(ascii: "/") where bytes[index] == UInt8(ascii: "*"):
        index += 1
        state.awaiting = UInt8(ascii: "*")
        guard state.scanToken(bytes, &index) else { return state }
        continue
      case UInt8(ascii: "["), UInt8(ascii: "`"), UInt8(ascii: "'"), UInt8(ascii: "\""):
        state.awaiting = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : byte
        state.hasDark = true
        state.endsWithSemicolon = false
        guard state.scanToken(bytes, &index) else { return state }
        continue
      default:
        break
      }
      state.endsWithSemicolon = false
      state.hasDark = true
    }
    return state
  }

  /// Skips to the end of the awaited token; `false` when the line ends inside it.
  ///
  /// The awaited byte is found with `memchr` (a quoted value is most of a dump's line); a NUL
  /// before it ends the line, as it does for sqlite3's C string.
  private mutating func scanToken(_ bytes: NulTerminated, _ index: inout Int) -> Bool {
    let buffer = bytes.buffer
    guard let base = buffer.baseAddress else { return false }
    while index < buffer.count {
      guard let hit = memchr(base + index, Int32(awaiting), buffer.count - index) else {
        return false
      }
      let position = UnsafeRawPointer(base).distance(to: hit)
      if memchr(base + index, 0, position - index) != nil { return false }
      index = position + 1
      switch awaiting {
      case UInt8(ascii: "*"):
        if bytes[index] != UInt8(ascii: "/") { continue }
        index += 1
      case UInt8(ascii: "]"):
        break
      default:
        if bytes[index] == awaiting {
          index += 1
          continue
        }
      }
      awaiting = 0
      return true
    }
    return false
  }
}

/// Whether the scan treats `byte` like a letter, which only makes the text non-blank.
///
/// Every byte is but NUL, white space, the quotes, `-`, `/`, `;` and `[`.
@inline(__always)
private func isOrdinary(_ byte: UInt8) -> Bool {
  // Bit n set for n in NUL, \t \n \v \f \r, space, `"`, `'`, `-`, `/`, `;`.
  if byte < 0x40 { return (0x0800_A085_0000_3E01 as UInt64) >> UInt64(byte) & 1 == 0 }
  return byte != UInt8(ascii: "[") && byte != UInt8(ascii: "`")
}

/// C's `isspace` in the "C" locale.
@inline(__always)
func isSpace(_ byte: UInt8) -> Bool {
  byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
}

/// A line's bytes, read as if a NUL followed them.
struct NulTerminated {
  let buffer: UnsafeBufferPointer<UInt8>

  init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

  @inline(__always)
  subscript(index: Int) -> UInt8 { index < buffer.count ? buffer[index] : 0 }
}
