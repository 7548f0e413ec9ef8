import SQLiteCore

/// tcl mode: every value as a C/TCL string literal, non-printable bytes as octal escapes.
enum TCLFormatter {
  /// Streams the rows of `statement` in tcl mode.
  static func write(
    _ statement: some RowSource, style: OutputStyle, to writer: inout BufferedWriter
  ) throws(SQLiteError) {
    let columnSeparator = Array(style.columnSeparator.utf8)
    let rowSeparator = Array(style.rowSeparator.utf8)
    let null = Array(style.nullValue.utf8)
    let count = statement.columnCount
    var scratch: [UInt8] = []
    try writer.writeRows(of: statement, headers: style.showHeaders) { writer in
      for index in 0..<count {
        appendCString(Array(statement.columnName(at: index).utf8), to: &writer.bytes)
        if index < count - 1 { writer.bytes.append(contentsOf: columnSeparator) }
      }
      writer.bytes.append(contentsOf: rowSeparator)
    } row: { writer in
      for index in 0..<count {
        scratch.removeAll(keepingCapacity: true)
        ValueBytes.appendPlain(statement, index, null: null, to: &scratch)
        appendCString(scratch, to: &writer.bytes)
        if index < count - 1 { writer.bytes.append(contentsOf: columnSeparator) }
      }
      writer.bytes.append(contentsOf: rowSeparator)
    }
  }

  /// sqlite3's `output_c_string`: `\\ \" \t \n \r`, `\ooo` for bytes outside 0x20...0x7E.
  static func appendCString(_ bytes: [UInt8], to out: inout [UInt8]) {
    out.append(0x22)
    for byte in bytes {
      switch byte {
      case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
      case 0x22: out.append(contentsOf: [0x5C, 0x22])
      case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
      case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
      case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
      case 0x20...0x7E: out.append(byte)
      default:
        out.append(0x5C)
        out.append(0x30 + (byte >> 6))
        out.append(0x30 + ((byte >> 3) & 7))
        out.append(0x30 + (byte & 7))
      }
    }
    out.append(0x22)
  }
}
