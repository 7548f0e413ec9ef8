import SQLiteCore

/// Builds the body of one request: 8-byte words, little-endian, text NUL-terminated and padded.
///
/// Wire format: `doc/protocol.md` in canonical/dqlite.
struct MessageEncoder {
  private(set) var bytes: [UInt8] = []

  mutating func uint64(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func uint32(_ value: UInt32) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func int64(_ value: Int64) { uint64(UInt64(bitPattern: value)) }

  mutating func double(_ value: Double) { uint64(value.bitPattern) }

  /// UTF-8 text, a terminating NUL, zeros to the word boundary.
  mutating func text(_ value: String) {
    bytes.append(contentsOf: value.utf8)
    bytes.append(0)
    pad()
  }

  mutating func pad() {
    while bytes.count % 8 != 0 { bytes.append(0) }
  }

  /// A tuple of parameters: a count byte and one type byte per value, padded, then the values.
  mutating func parameters(_ values: [Value]) throws(DqliteError) {
    guard values.count <= 255 else {
      throw DqliteError(
        code: 1, message: "dqlite binds at most 255 parameters, not \(values.count)")
    }
    bytes.append(UInt8(values.count))
    for value in values { bytes.append(WireType.of(value).rawValue) }
    pad()
    for value in values {
      switch value {
      case .null: uint64(0)
      case .integer(let integer): int64(integer)
      case .real(let real): double(real)
      case .text(let string): text(string)
      case .blob(let blob):
        uint64(UInt64(blob.count))
        bytes.append(contentsOf: blob)
        pad()
      }
    }
  }

  /// The whole message: header word (body size in words, type, revision 0) and the body.
  func message(type: RequestType) -> [UInt8] {
    let words = UInt32(bytes.count / 8)
    var out: [UInt8] = []
    out.reserveCapacity(8 + bytes.count)
    withUnsafeBytes(of: words.littleEndian) { out.append(contentsOf: $0) }
    out.append(type.rawValue)
    out.append(contentsOf: [0, 0, 0])
    out.append(contentsOf: bytes)
    return out
  }
}
