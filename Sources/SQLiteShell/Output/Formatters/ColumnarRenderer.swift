/// Prints a collected ``CellTable`` in column, table, box or markdown layout.
struct ColumnarRenderer {
  let table: CellTable
  let style: OutputStyle
  /// The `.width` setting of each column (negative: right-aligned).
  let settings: [Int]

  /// Writes the header block, the rows and the closing rule.
  func render(to writer: inout BufferedWriter) {
    let widths = table.widths
    let signed = zip(widths, settings).map { $1 < 0 ? -$0 : $0 }
    let borders = BorderSet.forMode(style.mode, widths: widths)
    let cellSeparator = borders?.cellSeparator ?? Array("  ".utf8)
    let lineEnd = borders?.lineEnd ?? [0x0A]
    if let borders {
      if let top = borders.top { writer.bytes.append(contentsOf: top) }
      writer.bytes.append(contentsOf: borders.lineStart)
      for column in 0..<table.columnCount {
        appendCentered(table.cell(line: 0, column: column), width: widths[column], to: &writer)
        writer.bytes.append(
          contentsOf: column == table.columnCount - 1 ? borders.lineEnd : borders.cellSeparator)
      }
      if let rule = borders.headerRule { writer.bytes.append(contentsOf: rule) }
    } else if style.showHeaders {
      for column in 0..<table.columnCount {
        appendAligned(
          table.cell(line: 0, column: column), width: signed[column], kind: .header, to: &writer)
        writer.bytes.append(contentsOf: column == table.columnCount - 1 ? lineEnd : cellSeparator)
      }
      for column in 0..<table.columnCount {
        writer.bytes.append(contentsOf: repeatElement(UInt8(ascii: "-"), count: widths[column]))
        writer.bytes.append(contentsOf: column == table.columnCount - 1 ? lineEnd : cellSeparator)
      }
    }
    let lastLine = table.lineCount - 1
    let betweenRows: [UInt8]? = borders == nil ? [0x0A] : borders?.rowRule
    if lastLine >= 1 {
      for line in 1...lastLine {
        if let start = borders?.lineStart { writer.bytes.append(contentsOf: start) }
        for column in 0..<table.columnCount {
          let kind: CellKind = table.isNull(line: line, column: column) ? .null : .value
          appendAligned(
            table.cell(line: line, column: column), width: signed[column], kind: kind,
            to: &writer)
          writer.bytes.append(
            contentsOf: column == table.columnCount - 1 ? lineEnd : cellSeparator)
        }
        if table.hasMultiLineRows, table.endsRow(line), line < lastLine, let betweenRows {
          writer.bytes.append(contentsOf: betweenRows)
        }
        writer.lineDone()
        if line & 0xFF == 0, let isInterrupted = writer.isInterrupted, isInterrupted() {
          writer.append("(interrupted: \(lastLine - line) more lines not shown)\n")
          return
        }
      }
    }
    if let bottom = borders?.bottom { writer.bytes.append(contentsOf: bottom) }
  }

  /// Pads a cell to `width`, right-aligned when negative (sqlite3's `utf8_width_print`).
  ///
  /// Collected cells are never wider than their column, so nothing is cut.
  @inline(__always)
  private func appendAligned(
    _ cell: UnsafeBufferPointer<UInt8>, width: Int, kind: CellKind,
    to writer: inout BufferedWriter
  ) {
    let measured = DisplayWidth.measure(cell, displayWidth: style.usesDisplayWidth)
    let target = abs(width)
    if measured >= target {
      append(cell, kind, to: &writer)
    } else if width < 0 {
      writer.appendSpaces(target - measured)
      append(cell, kind, to: &writer)
    } else {
      append(cell, kind, to: &writer)
      writer.appendSpaces(target - measured)
    }
  }

  /// What a cell holds, for ``OutputStyle/decoration``.
  enum CellKind {
    case header, null, value
  }

  /// Appends a cell's bytes, wrapped in the decoration's escape codes when it has any.
  @inline(__always)
  private func append(
    _ cell: UnsafeBufferPointer<UInt8>, _ kind: CellKind, to writer: inout BufferedWriter
  ) {
    guard let decoration = style.decoration, kind != .value else {
      writer.append(cell)
      return
    }
    if kind == .header {
      decoration.appendHeader(cell, to: &writer.bytes)
    } else {
      decoration.appendNull(cell, to: &writer.bytes)
    }
  }

  /// Centres a header cell: the extra space goes right.
  private func appendCentered(
    _ cell: UnsafeBufferPointer<UInt8>, width: Int, to writer: inout BufferedWriter
  ) {
    let measured = DisplayWidth.measure(cell, displayWidth: style.usesDisplayWidth)
    writer.appendSpaces((width - measured) / 2)
    append(cell, .header, to: &writer)
    writer.appendSpaces((width - measured + 1) / 2)
  }
}
