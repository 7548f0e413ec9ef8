/// Reads the fields of one response body in order; a body too short is a protocol error.
struct MessageDecoder {
  let body: [UInt8]
  private(set) var offset = 0

  init(_ body: [UInt8]) { self.body = body }

  var isAtEnd: Bool { offset >= body.count }

  mutating func uint64() throws(DqliteError) -> UInt64 { try littleEndian() }

  mutating func uint32() throws(DqliteError) -> UInt32 { try littleEndian() }

  /// An unsigned integer of `T`'s width, least significant byte first.
  private mutating func littleEndian<T: FixedWidthInteger & UnsignedInteger>()
    throws(DqliteError) -> T
  {
    let width = T.bitWidth / 8
    try need(width)
    var value: T = 0
    for index in (0..<width).reversed() { value = value << 8 | T(body[offset + index]) }
    offset += width
    return value
  }

  mutating func int64() throws(DqliteError) -> Int64 { Int64(bitPattern: try uint64()) }

  mutating func double() throws(DqliteError) -> Double { Double(bitPattern: try uint64()) }

  /// NUL-terminated UTF-8, then the padding to the next word.
  mutating func textBytes() throws(DqliteError) -> ArraySlice<UInt8> {
    guard let end = body[offset...].firstIndex(of: 0) else {
      throw DqliteError.protocolError("unterminated text")
    }
    let text = body[offset..<end]
    offset = (end + 8) & ~7
    return text
  }

  mutating func text() throws(DqliteError) -> String {
    String(decoding: try textBytes(), as: UTF8.self)
  }

  /// A blob: its length word, the bytes, the padding.
  mutating func blob() throws(DqliteError) -> ArraySlice<UInt8> {
    let count = Int(clamping: try uint64())
    try need(count)
    let bytes = body[offset..<offset + count]
    offset = (offset + count + 7) & ~7
    return bytes
  }

  mutating func skip(_ count: Int) throws(DqliteError) {
    try need(count)
    offset += count
  }

  mutating func alignToWord() { offset = (offset + 7) & ~7 }

  private func need(_ count: Int) throws(DqliteError) {
    guard count >= 0, offset + count <= body.count else {
      throw DqliteError.protocolError("response body too short")
    }
  }
}

extension MessageDecoder {
  mutating func uint8() throws(DqliteError) -> UInt8 {
    try skip(1)
    return body[offset - 1]
  }
}
