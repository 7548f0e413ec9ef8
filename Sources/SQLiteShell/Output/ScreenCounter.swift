/// Counts the screen lines text takes on a terminal of a given size, wrapping long lines.
///
/// Display widths come from ``DisplayWidth``; escape sequences (colour) take no room.
package struct ScreenCounter: Sendable {
  /// The lines a result may take and still leave the typed line and the next prompt visible.
  package let limit: Int
  /// The screen's width.
  package let columns: Int
  /// The lines filled so far (a line being written is not counted until it ends or wraps).
  package private(set) var lines = 0
  private var column = 0
  private var scalar: UInt32 = 0
  private var pendingBytes = 0
  private var inEscape = false

  /// A counter for a screen of `rows` × `columns`.
  package init(rows: Int, columns: Int) {
    limit = max(rows - 2, 1)
    self.columns = max(columns, 1)
  }

  /// Counts `bytes` and tells whether the text so far no longer fits.
  package mutating func overflows(after bytes: UnsafeRawBufferPointer) -> Bool {
    for byte in bytes {
      count(byte)
      if lines > limit || (lines == limit && column > 0) { return true }
    }
    return false
  }

  private mutating func count(_ byte: UInt8) {
    if inEscape {
      // CSI sequences end with a byte in @...~; a lone ESC ends with the next byte.
      if byte >= 0x40 && byte <= 0x7E && byte != UInt8(ascii: "[") { inEscape = false }
      return
    }
    switch byte {
    case 0x1B:
      inEscape = true
    case 0x0A:
      lines += 1
      column = 0
    case 0x0D:
      column = 0
    case 0x80...0xBF:
      guard pendingBytes > 0 else { return }
      scalar = scalar << 6 | UInt32(byte & 0x3F)
      pendingBytes -= 1
      if pendingBytes == 0 { advance(DisplayWidth.width(of: scalar)) }
    case 0xC0...0xDF:
      (scalar, pendingBytes) = (UInt32(byte & 0x1F), 1)
    case 0xE0...0xEF:
      (scalar, pendingBytes) = (UInt32(byte & 0x0F), 2)
    case 0xF0...0xFF:
      (scalar, pendingBytes) = (UInt32(byte & 0x07), 3)
    case 0x09:
      advance(8 - column % 8)
    default:
      if byte >= 0x20 { advance(1) }
    }
  }

  private mutating func advance(_ width: Int) {
    if column + width > columns {
      lines += 1
      column = 0
    }
    column += width
  }
}
