import SQLiteCore

/// sqlite3's layout for `EXPLAIN` output (`.explain on`, or `auto` for `EXPLAIN` statements):
/// fixed column widths, and the opcode column indented inside loops.
enum ExplainFormatter {
  private static let widths = [4, 13, 4, 4, 4, 13, 2, 13]
  private static let explainColumns = ["addr", "opcode", "p1", "p2", "p3", "p4", "p5", "comment"]

  /// Prints the rows of `statement` in the explain layout.
  ///
  /// The bytecode of a real `EXPLAIN` is collected first to compute the indentation (it is
  /// small); any other statement streams.
  static func write(
    _ statement: some RowSource, style: OutputStyle, to writer: inout BufferedWriter
  ) throws(SQLiteError) {
    let count = min(statement.columnCount, widths.count)
    let null = Array(style.nullValue.utf8)
    var rows: [[[UInt8]]] = []
    var indents: [Int]?
    if isBytecodeListing(statement) {
      var opcodes: [(address: Int, opcode: String, p1: Int, p2: Int)] = []
      while try statement.step() {
        rows.append(values(statement, count: count, null: null))
        opcodes.append(
          (
            Int(statement.int64(at: 0)), statement.string(at: 1), Int(statement.int64(at: 2)),
            Int(statement.int64(at: 3))
          ))
      }
      indents = indentation(opcodes)
    }
    var printer = RowPrinter(count: count)
    if let indents {
      for (index, row) in rows.enumerated() {
        if index == 0 { printer.header(statement, to: &writer) }
        printer.row(row, indent: index < indents.count ? indents[index] : 0, to: &writer)
      }
      return
    }
    while try statement.step() {
      if printer.isFirst { printer.header(statement, to: &writer) }
      printer.row(values(statement, count: count, null: null), indent: nil, to: &writer)
      writer.rowDone()
    }
  }

  private static func values(_ statement: some RowSource, count: Int, null: [UInt8]) -> [[UInt8]] {
    (0..<count).map { index in
      var bytes: [UInt8] = []
      ValueBytes.appendPlain(statement, index, null: null, to: &bytes)
      return bytes
    }
  }

  /// sqlite3's test in `explain_data_prepare`: 8 columns named like EXPLAIN's, SQL "explain…".
  private static func isBytecodeListing(_ statement: some RowSource) -> Bool {
    guard statement.columnCount == 8, statement.columnNames == explainColumns else { return false }
    let sql = statement.sql.drop(while: { " \t\n\u{0C}\r".contains($0) })
    return sql.prefix(7).lowercased() == "explain"
  }

  /// Two spaces of indent for each loop an opcode is inside, as `explain_data_prepare` finds
  /// them: between a `Next`-like opcode and its jump target, and between a backward `Goto` and
  /// a target that is a `Yield`-like opcode (or when the Goto's P1 is set).
  static func indentation(_ opcodes: [(address: Int, opcode: String, p1: Int, p2: Int)]) -> [Int] {
    let nextLike: Set = ["Next", "Prev", "VPrev", "VNext", "SorterNext", "Return"]
    let yieldLike: Set = ["Yield", "SeekLT", "SeekGT", "RowSetRead", "Rewind"]
    var indents: [Int] = []
    var isYield: [Bool] = []
    for (op, entry) in opcodes.enumerated() {
      let target = entry.p2 + (op - entry.address)
      isYield.append(yieldLike.contains(entry.opcode))
      indents.append(0)
      if nextLike.contains(entry.opcode), target > 0, target < op {
        for index in target..<op { indents[index] += 2 }
      }
      if entry.opcode == "Goto", target >= 0, target < indents.count,
        isYield[target] || entry.p1 != 0
      {
        for index in target..<op { indents[index] += 2 }
      }
    }
    return indents
  }

  /// Prints header and rows with the fixed widths.
  private struct RowPrinter {
    let count: Int
    var isFirst = true

    init(count: Int) { self.count = count }

    mutating func header(_ statement: some RowSource, to writer: inout BufferedWriter) {
      isFirst = false
      for index in 0..<count {
        var name = statement.columnName(at: index)
        name.withUTF8 { appendWidth($0, width: widths[index], to: &writer) }
        writer.append(index == count - 1 ? "\n" : "  ")
      }
      for index in 0..<count {
        writer.bytes.append(contentsOf: repeatElement(UInt8(ascii: "-"), count: widths[index]))
        writer.append(index == count - 1 ? "\n" : "  ")
      }
    }

    mutating func row(_ values: [[UInt8]], indent: Int?, to writer: inout BufferedWriter) {
      isFirst = false
      for index in 0..<count {
        values[index].withUnsafeBufferPointer { value in
          var width = index == count - 1 ? 0 : widths[index]
          let length = DisplayWidth.measure(value, displayWidth: false)
          if length > width { width = length }
          if index == 1, let indent { writer.appendSpaces(indent) }
          appendWidth(value, width: width, to: &writer)
        }
        writer.append(index == count - 1 ? "\n" : "  ")
      }
    }
  }

  /// sqlite3's `utf8_width_print` with a non-negative width: pads, or cuts to `width` characters.
  private static func appendWidth(
    _ text: UnsafeBufferPointer<UInt8>, width: Int, to writer: inout BufferedWriter
  ) {
    var characters = 0
    var index = 0
    while index < text.count {
      if text[index] & 0xC0 != 0x80 {
        characters += 1
        if characters == width {
          index += 1
          while index < text.count, text[index] & 0xC0 == 0x80 { index += 1 }
          break
        }
      }
      index += 1
    }
    if characters >= width {
      writer.append(UnsafeBufferPointer(rebasing: text[..<index]))
    } else {
      writer.append(text)
      writer.appendSpaces(width - characters)
    }
  }
}
