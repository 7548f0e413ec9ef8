import SQLiteCore

/// quote and insert modes: every value as an SQL literal.
enum SQLLiteralFormatter {
  /// Streams the rows of `statement` as `'text'`, `X'blob'`, `NULL`, 20-digit reals.
  static func writeQuote(
    _ statement: some RowSource, style: OutputStyle, to writer: inout BufferedWriter
  ) throws(SQLiteError) {
    let columnSeparator = Array(style.columnSeparator.utf8)
    let rowSeparator = Array(style.rowSeparator.utf8)
    let count = statement.columnCount
    // Its own row loop, not BufferedWriter.writeRows: through it this mode ran 1.7% more
    // instructions (callgrind, 200,000 rows), its row not inlined into the loop.
    var isFirst = true
    while try statement.step() {
      if isFirst, style.showHeaders {
        for index in 0..<count {
          if index > 0 { writer.bytes.append(contentsOf: columnSeparator) }
          var name = statement.columnName(at: index)
          name.withUTF8 { ValueBytes.appendQuoted($0, to: &writer.bytes) }
        }
        writer.bytes.append(contentsOf: rowSeparator)
      }
      isFirst = false
      for index in 0..<count {
        if index > 0 { writer.bytes.append(contentsOf: columnSeparator) }
        switch statement.storageClass(at: index) {
        case .text:
          statement.withUnsafeText(at: index) {
            ValueBytes.appendQuoted(ValueBytes.cString($0), to: &writer.bytes)
          }
        case .real:
          ValueBytes.appendReal20(
            statement.double(at: index), infinityAs999: false, to: &writer.bytes)
        default:
          appendCommon(statement, index, to: &writer.bytes)
        }
      }
      writer.bytes.append(contentsOf: rowSeparator)
      writer.rowDone()
    }
  }

  /// Streams the rows of `statement` as `INSERT INTO table VALUES(…);` lines.
  static func writeInsert(
    _ statement: some RowSource, style: OutputStyle, to writer: inout BufferedWriter
  ) throws(SQLiteError) {
    let count = statement.columnCount
    var prefix = Array("INSERT INTO \(SQLIdentifier.quotedIfNeeded(style.insertTable))".utf8)
    if style.showHeaders {
      let names = (0..<count).map { SQLIdentifier.quotedIfNeeded(statement.columnName(at: $0)) }
      prefix += Array("(\(names.joined(separator: ",")))".utf8)
    }
    prefix += Array(" VALUES(".utf8)
    while try statement.step() {
      writer.bytes.append(contentsOf: prefix)
      for index in 0..<count {
        if index > 0 { writer.bytes.append(0x2C) }
        switch statement.storageClass(at: index) {
        case .text:
          statement.withUnsafeText(at: index) {
            appendEscapedQuoted(ValueBytes.cString($0), to: &writer.bytes)
          }
        case .real:
          appendInsertReal(statement.double(at: index), to: &writer.bytes)
        default:
          appendCommon(statement, index, to: &writer.bytes)
        }
      }
      writer.bytes.append(contentsOf: ");\n".utf8)
      writer.rowDone()
    }
  }

  /// NULL, integers and blobs, the same in both modes.
  @inline(__always)
  private static func appendCommon(_ statement: some RowSource, _ index: Int, to out: inout [UInt8])
  {
    switch statement.storageClass(at: index) {
    case .integer:
      ValueBytes.appendInteger(statement.int64(at: index), to: &out)
    case .blob:
      statement.withUnsafeBlob(at: index) { ValueBytes.appendHexBlob($0, to: &out) }
    default:
      out.append(contentsOf: "NULL".utf8)
    }
  }

  /// Insert mode's reals: `1e999` for infinities, `N.0` for integral values that fit an
  /// Int64, `%!.20g` otherwise.
  private static func appendInsertReal(_ value: Double, to out: inout [UInt8]) {
    if value.isInfinite {
      ValueBytes.appendReal20(value, infinityAs999: true, to: &out)
    } else if let integral = Int64(exactly: value) {
      ValueBytes.appendInteger(integral, to: &out)
      out.append(contentsOf: ".0".utf8)
    } else {
      SQLiteFormatting.appendReal(value, significantDigits: 20, to: &out)
    }
  }

  /// sqlite3's `output_quoted_escaped_string`: a literal whose newlines and carriage returns
  /// are spelled `\n`/`\r` (or an unused stand-in) and restored by `replace(…, char(10))`.
  static func appendEscapedQuoted(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    let newlines = text.count(where: { $0 == 0x0A })
    let returns = text.count(where: { $0 == 0x0D })
    guard newlines > 0 || returns > 0 else {
      ValueBytes.appendQuoted(text, to: &out)
      return
    }
    let newlineStandIn = newlines > 0 ? unusedString(in: text, "\\n", "\\012") : []
    let returnStandIn = returns > 0 ? unusedString(in: text, "\\r", "\\015") : []
    if newlines > 0 { out.append(contentsOf: "replace(".utf8) }
    if returns > 0 { out.append(contentsOf: "replace(".utf8) }
    out.append(0x27)
    for byte in text {
      switch byte {
      case 0x0A: out.append(contentsOf: newlineStandIn)
      case 0x0D: out.append(contentsOf: returnStandIn)
      case 0x27: out.append(contentsOf: [0x27, 0x27])
      default: out.append(byte)
      }
    }
    out.append(0x27)
    if returns > 0 { out.append(contentsOf: ",'\(decode(returnStandIn))',char(13))".utf8) }
    if newlines > 0 { out.append(contentsOf: ",'\(decode(newlineStandIn))',char(10))".utf8) }
  }

  /// sqlite3's `unused_string`: `first` or `second` if absent from `text`, else `(firstN)`.
  private static func unusedString(
    in text: UnsafeBufferPointer<UInt8>, _ first: String, _ second: String
  ) -> [UInt8] {
    if !contains(text, Array(first.utf8)) { return Array(first.utf8) }
    if !contains(text, Array(second.utf8)) { return Array(second.utf8) }
    var counter = 0
    while true {
      let candidate = Array("(\(first)\(counter))".utf8)
      if !contains(text, candidate) { return candidate }
      counter += 1
    }
  }

  private static func contains(_ text: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
    guard text.count >= needle.count else { return false }
    for start in 0...(text.count - needle.count)
    where text[start..<start + needle.count].elementsEqual(needle) {
      return true
    }
    return false
  }

  private static func decode(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
