/// The numbers of the ZIP format sqlite3's zipfile reads and writes (APPNOTE.TXT 4.3).
enum ZipFormat {
  static let localSignature: UInt32 = 0x0403_4b50
  static let centralSignature: UInt32 = 0x0201_4b50
  static let endSignature: UInt32 = 0x0605_4b50
  /// The fixed sizes of a local header, a central record and the end record.
  static let localSize = 30
  static let centralSize = 46
  static let endSize = 22
  /// The extended-timestamp extra field ("UT").
  static let timestampField: UInt16 = 0x5455
  /// Made by Unix, specification 3.0, as Info-ZIP writes.
  static let madeBy: UInt16 = (3 << 8) + 30
  static let versionNeeded: UInt16 = 20
  /// General-purpose bit 11: names are UTF-8.
  static let utf8Flag: UInt16 = 0x800
  /// How far from the end the end record is looked for.
  static let searchSize = 64 * 1024
  static let directoryType: UInt32 = 0o040000
  static let regularType: UInt32 = 0o100000
  static let linkType: UInt32 = 0o120000

  /// The end record sqlite3 writes: one disk, `count` entries, no comment.
  static func endRecord(count: Int, directorySize: Int64, directoryOffset: Int64) -> [UInt8] {
    var writer = LittleEndianWriter()
    writer.u32(endSignature)
    writer.u16(0)
    writer.u16(0)
    writer.u16(UInt16(truncatingIfNeeded: count))
    writer.u16(UInt16(truncatingIfNeeded: count))
    writer.u32(UInt32(truncatingIfNeeded: directorySize))
    writer.u32(UInt32(truncatingIfNeeded: directoryOffset))
    writer.u16(0)
    return writer.bytes
  }

  /// The modification time in an extended-timestamp field of `extra`, if there is one.
  static func timestamp(in extra: ArraySlice<UInt8>) -> UInt32? {
    var found: UInt32?
    var position = extra.startIndex
    while position + 4 <= extra.endIndex {
      var header = LittleEndianReader(extra[position..<position + 4])
      let id = header.u16()
      let size = Int(header.u16())
      let body = position + 4
      if id == timestampField, body + 5 <= extra.endIndex, extra[body] & 1 != 0 {
        var reader = LittleEndianReader(extra[(body + 1)..<(body + 5)])
        found = reader.u32()
      }
      position = body + size
    }
    return found
  }
}

/// Reads little-endian integers from bytes the caller has checked are there.
struct LittleEndianReader {
  private var bytes: ArraySlice<UInt8>

  init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

  mutating func u16() -> UInt16 {
    guard bytes.count >= 2 else { return 0 }
    let value = UInt16(bytes[bytes.startIndex]) | UInt16(bytes[bytes.startIndex + 1]) << 8
    bytes = bytes.dropFirst(2)
    return value
  }

  mutating func u32() -> UInt32 {
    let low = UInt32(u16())
    return low | UInt32(u16()) << 16
  }
}

/// Appends little-endian integers.
struct LittleEndianWriter {
  var bytes: [UInt8] = []

  mutating func u16(_ value: UInt16) {
    bytes.append(UInt8(value & 0xFF))
    bytes.append(UInt8(value >> 8))
  }

  mutating func u32(_ value: UInt32) {
    u16(UInt16(value & 0xFFFF))
    u16(UInt16(value >> 16))
  }
}
