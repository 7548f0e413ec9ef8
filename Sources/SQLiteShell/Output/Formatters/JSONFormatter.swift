import SQLiteCore

/// json mode: one array of objects per statement, keys from the column names, reals with up to
/// 20 significant digits, infinities as `1e999`.
enum JSONFormatter {
  /// Streams the rows of `statement` in json mode; an empty result prints nothing.
  static func write(
    _ statement: some RowSource, to writer: inout BufferedWriter
  ) throws(SQLiteError) {
    let count = statement.columnCount
    let keys: [[UInt8]] = (0..<count).map { index in
      var key: [UInt8] = []
      appendString(Array(statement.columnName(at: index).utf8), to: &key)
      key.append(0x3A)
      return key
    }
    var isFirst = true
    defer { if !isFirst { writer.bytes.append(contentsOf: "]\n".utf8) } }
    while try statement.step() {
      writer.bytes.append(contentsOf: (isFirst ? "[{" : ",\n{").utf8)
      isFirst = false
      for index in 0..<count {
        if index > 0 { writer.bytes.append(0x2C) }
        writer.bytes.append(contentsOf: keys[index])
        appendValue(statement, index, to: &writer.bytes)
      }
      writer.bytes.append(0x7D)
      writer.rowDone()
    }
  }

  @inline(__always)
  private static func appendValue(_ statement: some RowSource, _ index: Int, to out: inout [UInt8])
  {
    switch statement.storageClass(at: index) {
    case .null:
      out.append(contentsOf: "null".utf8)
    case .integer:
      ValueBytes.appendInteger(statement.int64(at: index), to: &out)
    case .real:
      ValueBytes.appendReal20(statement.double(at: index), infinityAs999: true, to: &out)
    case .text:
      statement.withUnsafeText(at: index) { appendString(ValueBytes.cString($0), to: &out) }
    case .blob:
      statement.withUnsafeBlob(at: index) {
        appendString($0, to: &out)
      }
    }
  }

  /// The letter after the backslash for the control characters JSON names
  /// (`\b \t \n \f \r`), indexed by byte; 0 for the others.
  private static let shortEscapes: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 0x20)
    for (byte, letter) in zip([0x08, 0x09, 0x0A, 0x0C, 0x0D], "btnfr".utf8) {
      table[byte] = letter
    }
    return table
  }()

  /// Appends `bytes` as a JSON string as sqlite3 escapes it: `\"`, `\\`, `\b \f \n \r \t`,
  /// `\u00XX` for other control characters, every other byte (DEL, >= 0x80) raw.
  static func appendString<Bytes: Collection<UInt8>>(_ bytes: Bytes, to out: inout [UInt8]) {
    out.append(0x22)
    if !bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
      out.append(contentsOf: bytes)
      out.append(0x22)
      return
    }
    let hex: [UInt8] = Array("0123456789abcdef".utf8)
    for byte in bytes {
      switch byte {
      case 0x22, 0x5C:
        out.append(0x5C)
        out.append(byte)
      case 0x08, 0x09, 0x0A, 0x0C, 0x0D:
        out.append(0x5C)
        out.append(shortEscapes[Int(byte)])
      case 0..<0x20:
        out.append(contentsOf: "\\u00".utf8)
        out.append(hex[Int(byte >> 4)])
        out.append(hex[Int(byte & 0x0F)])
      default: out.append(byte)
      }
    }
    out.append(0x22)
  }
}
