import SQLiteCore

/// line mode: one `name = value` line per column, names right-aligned, records separated by the
/// row separator.
enum LineFormatter {
  /// Streams the rows of `statement` in line mode.
  static func write(
    _ statement: some RowSource, style: OutputStyle, to writer: inout BufferedWriter
  ) throws(SQLiteError) {
    let rowSeparator = Array(style.rowSeparator.utf8)
    let null = Array(style.nullValue.utf8)
    let count = statement.columnCount
    // sqlite3 pads with printf's `%*s`, so the width is in bytes, at least 5.
    let names = (0..<count).map { Array(statement.columnName(at: $0).utf8) }
    let width = names.reduce(5) { max($0, $1.count) }
    let decoration = style.decoration
    let prefixes = names.map { name in
      var prefix = [UInt8](repeating: 0x20, count: width - name.count)
      if let decoration {
        name.withUnsafeBufferPointer { decoration.appendHeader($0, to: &prefix) }
      } else {
        prefix += name
      }
      return prefix + Array(" = ".utf8)
    }
    var isFirst = true
    while try statement.step() {
      if !isFirst { writer.bytes.append(contentsOf: rowSeparator) }
      isFirst = false
      for index in 0..<count {
        writer.bytes.append(contentsOf: prefixes[index])
        if let decoration, statement.storageClass(at: index) == .null {
          null.withUnsafeBufferPointer { decoration.appendNull($0, to: &writer.bytes) }
        } else {
          ValueBytes.appendPlain(statement, index, null: null, to: &writer.bytes)
        }
        writer.bytes.append(contentsOf: rowSeparator)
      }
      writer.rowDone()
    }
  }
}
