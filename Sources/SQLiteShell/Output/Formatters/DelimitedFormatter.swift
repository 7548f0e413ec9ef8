import SQLiteCore

/// list, tabs and ascii modes: values joined by the column separator, rows ended by the row
/// separator, nothing escaped; and csv, which quotes fields as sqlite3 does.
enum DelimitedFormatter {
  /// The style's column and row separators and null text, as bytes freed by
  /// ``Separators/release(_:)`` when the rows are written.
  private enum Separators {
    static func of(_ style: OutputStyle) -> (FixedBytes, FixedBytes, FixedBytes) {
      (
        FixedBytes(style.columnSeparator), FixedBytes(style.rowSeparator),
        FixedBytes(style.nullValue)
      )
    }

    static func release(_ bytes: FixedBytes...) { for each in bytes { each.release() } }
  }

  /// Streams the rows of `statement` in list, tabs or ascii mode.
  static func writeList(
    _ statement: some RowSource, style: OutputStyle, to writer: inout BufferedWriter
  ) throws(SQLiteError) {
    let (columnSeparator, rowSeparator, null) = Separators.of(style)
    defer { Separators.release(columnSeparator, rowSeparator, null) }
    let count = statement.columnCount
    let decoration = style.decoration
    try writer.writeRows(of: statement, headers: style.showHeaders) { writer in
      for index in 0..<count {
        var name = statement.columnName(at: index)
        if let decoration {
          name.withUTF8 { decoration.appendHeader($0, to: &writer.bytes) }
        } else {
          writer.append(name)
        }
        writer.append(index == count - 1 ? rowSeparator.buffer : columnSeparator.buffer)
      }
    } row: { writer in
      for index in 0..<count {
        if let decoration, statement.storageClass(at: index) == .null {
          decoration.appendNull(null.buffer, to: &writer.bytes)
        } else {
          ValueBytes.appendPlain(statement, index, null: null.buffer, to: &writer.bytes)
        }
        writer.append(index == count - 1 ? rowSeparator.buffer : columnSeparator.buffer)
      }
    }
  }

  /// Streams the rows of `statement` in csv mode.
  static func writeCSV(
    _ statement: some RowSource, style: OutputStyle, to writer: inout BufferedWriter
  ) throws(SQLiteError) {
    let (columnSeparator, rowSeparator, null) = Separators.of(style)
    defer { Separators.release(columnSeparator, rowSeparator, null) }
    let separator = columnSeparator.buffer
    let numbersSafe = numbersNeverQuoted(separator: separator)
    let count = statement.columnCount
    // Its own row loop, not BufferedWriter.writeRows: through it this mode ran 0.5% more
    // instructions (callgrind, 200,000 rows), its row not inlined into the loop.
    var isFirst = true
    while try statement.step() {
      if isFirst {
        isFirst = false
        if style.showHeaders {
          for index in 0..<count {
            let start = writer.bytes.count
            writer.append(statement.columnName(at: index))
            quoteIfNeeded(from: start, in: &writer.bytes, separator: separator)
            if index < count - 1 { writer.append(separator) }
          }
          writer.append(rowSeparator.buffer)
        }
      }
      for index in 0..<count {
        switch statement.storageClass(at: index) {
        case .null:
          writer.append(null.buffer)
        case .integer:
          let start = writer.bytes.count
          ValueBytes.appendInteger(statement.int64(at: index), to: &writer.bytes)
          if !numbersSafe { quoteIfNeeded(from: start, in: &writer.bytes, separator: separator) }
        case .real:
          let start = writer.bytes.count
          SQLiteFormatting.appendReal(
            statement.double(at: index), significantDigits: 15, to: &writer.bytes)
          if !numbersSafe { quoteIfNeeded(from: start, in: &writer.bytes, separator: separator) }
        case .text, .blob:
          // Decided on SQLite's bytes, so a quoted field is written once, not moved.
          statement.withUnsafeText(at: index) {
            let field = ValueBytes.cString($0)
            if needsQuotes(field, separator: separator) {
              appendQuoted(field, to: &writer.bytes)
            } else {
              writer.bytes.append(contentsOf: field)
            }
          }
        }
        if index < count - 1 { writer.append(separator) }
      }
      writer.append(rowSeparator.buffer)
      writer.rowDone()
    }
  }

  /// Whether no printed number can need quotes: numbers are never empty and hold only
  /// letters, digits, `+`, `-` and `.`, so a separator with some other byte never occurs in one.
  private static func numbersNeverQuoted(separator: UnsafeBufferPointer<UInt8>) -> Bool {
    separator.contains { byte in
      !(byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
        && !(byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        && byte != UInt8(ascii: "+") && byte != UInt8(ascii: "-") && byte != UInt8(ascii: ".")
    }
  }

  /// sqlite3's `needCsvQuote`: control characters, space, `"`, `'`, DEL and every byte >= 0x80.
  @inline(__always)
  private static func needsQuote(_ byte: UInt8) -> Bool {
    byte <= 0x20 || byte == 0x22 || byte == 0x27 || byte >= 0x7F
  }

  /// Wraps `bytes[start...]` in double quotes (doubling inner ones) when sqlite3 would.
  private static func quoteIfNeeded(
    from start: Int, in bytes: inout [UInt8], separator: UnsafeBufferPointer<UInt8>
  ) {
    let quote = bytes.withUnsafeBufferPointer {
      needsQuotes(UnsafeBufferPointer(rebasing: $0[start...]), separator: separator)
    }
    guard quote else { return }
    let field = Array(bytes[start...])
    bytes.removeSubrange(start...)
    field.withUnsafeBufferPointer { appendQuoted($0, to: &bytes) }
  }

  /// Whether sqlite3 quotes `field`: an empty field, a byte of `needsQuote`, or the column
  /// separator inside the field.
  @inline(__always)
  private static func needsQuotes(
    _ field: UnsafeBufferPointer<UInt8>, separator: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    if field.isEmpty { return true }
    if separator.count == 1 {
      let single = separator[0]
      for byte in field where needsQuote(byte) || byte == single { return true }
      return false
    }
    for byte in field where needsQuote(byte) { return true }
    return contains(field, separator)
  }

  /// Appends `field` in double quotes, doubling the ones inside.
  private static func appendQuoted(_ field: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
    bytes.reserveCapacity(bytes.count + field.count + 2)
    bytes.append(0x22)
    for byte in field {
      bytes.append(byte)
      if byte == 0x22 { bytes.append(0x22) }
    }
    bytes.append(0x22)
  }

  /// `strstr(field, separator) != 0`: an empty separator is found everywhere.
  private static func contains(
    _ field: UnsafeBufferPointer<UInt8>, _ separator: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard let first = separator.first else { return true }
    guard field.count >= separator.count else { return false }
    var index = field.startIndex
    let last = field.endIndex - separator.count
    while index <= last {
      if field[index] == first, field[index..<index + separator.count].elementsEqual(separator) {
        return true
      }
      index += 1
    }
    return false
  }
}
