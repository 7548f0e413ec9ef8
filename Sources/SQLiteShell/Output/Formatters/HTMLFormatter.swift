import SQLiteCore

/// html mode: `<TR>` rows with one `<TD>` cell per line, `<>&"'` escaped.
enum HTMLFormatter {
  /// Streams the rows of `statement` in html mode.
  static func write(
    _ statement: some RowSource, style: OutputStyle, to writer: inout BufferedWriter
  ) throws(SQLiteError) {
    let null = Array(style.nullValue.utf8)
    let count = statement.columnCount
    var scratch: [UInt8] = []
    try writer.writeRows(of: statement, headers: style.showHeaders) { writer in
      writer.bytes.append(contentsOf: "<TR>".utf8)
      for index in 0..<count {
        writer.bytes.append(contentsOf: "<TH>".utf8)
        appendEscaped(Array(statement.columnName(at: index).utf8), to: &writer.bytes)
        writer.bytes.append(contentsOf: "</TH>\n".utf8)
      }
      writer.bytes.append(contentsOf: "</TR>\n".utf8)
    } row: { writer in
      writer.bytes.append(contentsOf: "<TR>".utf8)
      for index in 0..<count {
        writer.bytes.append(contentsOf: "<TD>".utf8)
        scratch.removeAll(keepingCapacity: true)
        ValueBytes.appendPlain(statement, index, null: null, to: &scratch)
        appendEscaped(scratch, to: &writer.bytes)
        writer.bytes.append(contentsOf: "</TD>\n".utf8)
      }
      writer.bytes.append(contentsOf: "</TR>\n".utf8)
    }
  }

  /// Appends `bytes` with `<` `&` `>` `"` `'` as HTML entities.
  static func appendEscaped(_ bytes: [UInt8], to out: inout [UInt8]) {
    for byte in bytes {
      switch byte {
      case 0x3C: out.append(contentsOf: "&lt;".utf8)
      case 0x26: out.append(contentsOf: "&amp;".utf8)
      case 0x3E: out.append(contentsOf: "&gt;".utf8)
      case 0x22: out.append(contentsOf: "&quot;".utf8)
      case 0x27: out.append(contentsOf: "&#39;".utf8)
      default: out.append(byte)
      }
    }
  }
}
