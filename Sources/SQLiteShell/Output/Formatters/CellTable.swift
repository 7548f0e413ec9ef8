/// A columnar result held compactly: every display line's cells as bytes in one arena.
///
/// A cell costs its bytes plus a 4-byte end offset; a display line adds an 8-byte start and a
/// 1-byte flag. The header is line 0. No `String` per value.
final class CellTable {
  /// The number of columns.
  let columnCount: Int
  /// The widest cell of each column (header included), at least the `.width` of the column.
  var widths: [Int]
  /// Whether any row needed more than one display line.
  var hasMultiLineRows = false
  /// The cells holding a NULL (line × columns + column); filled only when colouring.
  private var nullCells = Set<Int>()
  private let bytes = GrowableBuffer<UInt8>(capacity: 1 << 16)
  private let cellEnds = GrowableBuffer<UInt32>(capacity: 1 << 12)
  private let lineStarts = GrowableBuffer<Int>(capacity: 1 << 10)
  private let lineEndsRow = GrowableBuffer<UInt8>(capacity: 1 << 10)

  init(columnCount: Int, minimumWidths: [Int]) {
    self.columnCount = columnCount
    widths = minimumWidths
  }

  /// The number of display lines, the header included.
  var lineCount: Int { lineStarts.count }

  /// Starts a display line.
  @inline(__always)
  func beginLine() {
    lineStarts.append(bytes.count)
  }

  /// Appends the next cell of the current line with `wrapper`; returns where the rest starts.
  @inline(__always)
  func appendCell(_ source: UnsafeBufferPointer<UInt8>, column: Int, wrapper: TextWrapper)
    -> Int?
  {
    let (width, tail) = wrapper.appendLine(source, to: bytes)
    if width > widths[column] { widths[column] = width }
    cellEnds.append(UInt32(truncatingIfNeeded: bytes.count - lineStarts[lineStarts.count - 1]))
    return tail
  }

  /// Ends the current line; `endsRow` when it is the last line of its row.
  @inline(__always)
  func endLine(endsRow: Bool) {
    lineEndsRow.append(endsRow ? 1 : 0)
    if !endsRow { hasMultiLineRows = true }
  }

  /// Marks the cell appended last as a NULL value, for colour on a terminal.
  func markLastCellNull() {
    nullCells.insert(cellEnds.count - 1)
  }

  /// Whether the cell at `line`, `column` was marked by ``markLastCellNull()``.
  @inline(__always)
  func isNull(line: Int, column: Int) -> Bool {
    !nullCells.isEmpty && nullCells.contains(line * columnCount + column)
  }

  /// Whether `line` is the last display line of its row.
  @inline(__always)
  func endsRow(_ line: Int) -> Bool { lineEndsRow[line] != 0 }

  /// The bytes of one cell, valid until the next append.
  @inline(__always)
  func cell(line: Int, column: Int) -> UnsafeBufferPointer<UInt8> {
    let start = lineStarts[line]
    let index = line * columnCount + column
    let from = column == 0 ? 0 : Int(cellEnds[index - 1])
    return bytes.slice(start + from..<start + Int(cellEnds[index]))
  }
}
