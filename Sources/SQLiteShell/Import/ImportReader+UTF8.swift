/// The check that an imported field is UTF-8 without NUL, before it is bound as text.
extension ImportReader {
  /// How many leading bytes, in whole 8-byte words, are ASCII other than NUL (a word at a
  /// time: most fields are all ASCII).
  private static func asciiPrefixLength(_ bytes: UnsafeRawBufferPointer) -> Int {
    let high: UInt64 = 0x8080_8080_8080_8080
    let ones: UInt64 = 0x0101_0101_0101_0101
    var index = 0
    while index + 8 <= bytes.count {
      let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      // A byte of 0x80 or more sets its high bit in `word`; a zero byte in `word &- ones`.
      if (word | (word &- ones) & ~word) & high != 0 { break }
      index += 8
    }
    return index
  }

  /// The offset of the first byte that is NUL or breaks UTF-8, or `nil` when the field is clean.
  static func firstInvalidByte(_ bytes: [UInt8]) -> Int? {
    var index = bytes.withUnsafeBytes(asciiPrefixLength)
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        if lead == 0 { return index }
        index += 1
        continue
      }
      let length: Int
      let minimum: UInt32
      switch lead {
      case 0xC2...0xDF: (length, minimum) = (2, 0x80)
      case 0xE0...0xEF: (length, minimum) = (3, 0x800)
      case 0xF0...0xF4: (length, minimum) = (4, 0x10000)
      default: return index
      }
      guard index + length <= count else { return index }
      var scalar = UInt32(lead) & (0xFF >> (length + 1))
      for offset in 1..<length {
        let next = bytes[index + offset]
        guard next & 0xC0 == 0x80 else { return index }
        scalar = scalar << 6 | UInt32(next & 0x3F)
      }
      if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) {
        return index
      }
      index += length
    }
    return nil
  }
}
