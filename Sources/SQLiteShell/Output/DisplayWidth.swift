/// How many terminal columns a character takes: 2 for East Asian wide and fullwidth
/// characters, 0 for combining marks and zero-width characters, 1 otherwise.
///
/// Hand-written and table-driven on purpose: Glibc's `wcwidth` depends on the process locale
/// (global state set by `setlocale`) and Foundation is not used in the shell target. The tables
/// cover the blocks that occur in practice (CJK, Hangul, kana, fullwidth forms, emoji, the
/// common combining blocks), not every Unicode edge case.
package enum DisplayWidth {
  private static let zeroWidth: [ClosedRange<UInt32>] = [
    0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x05BF...0x05BF, 0x05C1...0x05C2,
    0x05C4...0x05C5, 0x05C7...0x05C7, 0x0610...0x061A, 0x064B...0x065F, 0x0670...0x0670,
    0x06D6...0x06DC, 0x06DF...0x06E4, 0x06E7...0x06E8, 0x06EA...0x06ED, 0x0900...0x0902,
    0x093A...0x093A, 0x093C...0x093C, 0x0941...0x0948, 0x094D...0x094D, 0x0951...0x0957,
    0x0E31...0x0E31, 0x0E34...0x0E3A, 0x0E47...0x0E4E, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF,
    0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x20D0...0x20FF, 0x302A...0x302D,
    0x3099...0x309A, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xFEFF...0xFEFF, 0x1F3FB...0x1F3FF,
    0xE0000...0xE0FFF,
  ]

  private static let wide: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
    0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
    0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
    0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F5, 0x26FA...0x26FA,
    0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728, 0x274C...0x274C,
    0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797, 0x27B0...0x27B0,
    0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x303E,
    0x3041...0x3247, 0x3250...0x4DBF, 0x4E00...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
    0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
    0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F004...0x1F004,
    0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251,
    0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF,
    0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]

  /// The display width of one Unicode scalar value.
  package static func width(of scalar: UInt32) -> Int {
    if scalar < 0x300 { return 1 }
    if contains(zeroWidth, scalar) { return 0 }
    return contains(wide, scalar) ? 2 : 1
  }

  /// The display width of the UTF-8 character in `bytes` (a lead byte and its continuations).
  @inline(__always)
  static func width(ofCharacter bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let lead = bytes.first else { return 0 }
    if lead < 0x80 { return 1 }
    var scalar: UInt32
    switch lead {
    case 0xC0..<0xE0: scalar = UInt32(lead & 0x1F)
    case 0xE0..<0xF0: scalar = UInt32(lead & 0x0F)
    case 0xF0..<0xF8: scalar = UInt32(lead & 0x07)
    default: return 1
    }
    for byte in bytes.dropFirst() { scalar = scalar << 6 | UInt32(byte & 0x3F) }
    return width(of: scalar)
  }

  /// The width of UTF-8 text: display columns, or sqlite3's count of non-continuation bytes.
  @inline(__always)
  static func measure(_ bytes: UnsafeBufferPointer<UInt8>, displayWidth: Bool) -> Int {
    var count = 0
    if !displayWidth {
      for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
      return count
    }
    var index = 0
    while index < bytes.count {
      var end = index + 1
      while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
      count += width(ofCharacter: UnsafeBufferPointer(rebasing: bytes[index..<end]))
      index = end
    }
    return count
  }

  private static func contains(_ ranges: [ClosedRange<UInt32>], _ scalar: UInt32) -> Bool {
    var low = 0
    var high = ranges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      if scalar < ranges[middle].lowerBound {
        high = middle - 1
      } else if scalar > ranges[middle].upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }
}
