/// One field of a record, as stored: text keeps its bytes (UTF-8, or UTF-16 re-encoded by
/// ``Record/decode(_:textEncoding:)``), so corrupt text survives a round trip unchanged.
package enum RecordValue: Equatable, Sendable {
  case null
  case integer(Int64)
  case real(Double)
  case text([UInt8])
  case blob([UInt8])
}

/// SQLite's record format: a header of serial types, then the values.
///
/// See https://www.sqlite.org/fileformat2.html#record_format.
package enum Record {
  /// The fields of `payload`, up to the first whose type is invalid or that runs past it.
  ///
  /// A truncated record gives its leading fields. `textEncoding` is the
  /// database's (1 UTF-8, 2 UTF-16le, 3 UTF-16be); text comes back as UTF-8 bytes.
  package static func decode(_ payload: [UInt8], textEncoding: Int = 1) -> [RecordValue] {
    guard let (headerSize, first) = Varint.read(payload, at: 0, limit: payload.count),
      headerSize >= Int64(first), headerSize <= Int64(payload.count)
    else { return [] }
    var typeOffset = first
    var valueOffset = Int(headerSize)
    var values: [RecordValue] = []
    while typeOffset < Int(headerSize) {
      guard let (type, length) = Varint.read(payload, at: typeOffset, limit: Int(headerSize)),
        type >= 0, type != 10, type != 11
      else { break }
      typeOffset += length
      let size = Self.size(ofType: type)
      guard size <= payload.count - valueOffset else { break }
      let bytes = payload[valueOffset..<(valueOffset + size)]
      valueOffset += size
      values.append(value(type: type, bytes, textEncoding: textEncoding))
    }
    return values
  }

  /// The number of bytes a value of serial `type` takes.
  static func size(ofType type: Int64) -> Int {
    switch type {
    case 0, 8, 9: return 0
    case 1...4: return Int(type)
    case 5: return 6
    case 6, 7: return 8
    default: return Int((type - 12) / 2)
    }
  }

  private static func value(type: Int64, _ bytes: ArraySlice<UInt8>, textEncoding: Int)
    -> RecordValue
  {
    switch type {
    case 0: return .null
    case 8: return .integer(0)
    case 9: return .integer(1)
    case 1...6:
      var value: Int64 = bytes.first.map { Int64(Int8(bitPattern: $0)) } ?? 0
      for byte in bytes.dropFirst() { value = value << 8 | Int64(byte) }
      return .integer(value)
    case 7:
      let bits = bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
      return .real(Double(bitPattern: bits))
    default:
      if type % 2 == 0 { return .blob(Array(bytes)) }
      return .text(
        textEncoding == 1 ? Array(bytes) : utf8(utf16: bytes, bigEndian: textEncoding == 3))
    }
  }

  private static func utf8(utf16 bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8] {
    var units: [UInt16] = []
    var index = bytes.startIndex
    while index + 1 < bytes.endIndex {
      let (a, b) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
      units.append(bigEndian ? a << 8 | b : b << 8 | a)
      index += 2
    }
    return Array(String(decoding: units, as: UTF16.self).utf8)
  }
}
