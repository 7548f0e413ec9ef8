/// Draws the display mode's box: rules, the header, rows, the marker for rows left out, and
/// the footer, for a ``DisplayLayout``.
///
/// Every line is at most the layout's width: a cell wider than its column is cut to one
/// column less and ends in `…`. Numbers are right-aligned, other values left-aligned; a
/// column of numbers has its name right-aligned too. With a decoration (a colour terminal)
/// names are bold, and NULL, the `…` column and the marker dim.
struct DisplayRenderer {
  let layout: DisplayLayout
  /// Per result column: whether it holds only numbers (its name is right-aligned).
  let isNumberColumn: [Bool]
  let decoration: OutputDecoration?
  /// Whether the names are drawn (`.headers off` hides them, as sqlite3 3.53's box does).
  var showsNames = true

  private static let vertical: [UInt8] = Array("│".utf8)
  private static let horizontal: [UInt8] = Array("─".utf8)
  private static let marker: [UInt8] = Array("⋮".utf8)

  /// A rule: `left`, then `─` over each column joined by `joint`, then `right`.
  func writeRule(_ left: String, _ joint: String, _ right: String, to writer: inout BufferedWriter)
  {
    writer.append(left)
    var first = true
    func column(_ width: Int) {
      if !first { writer.append(joint) }
      first = false
      for _ in 0..<(width + 2) { Self.horizontal.withUnsafeBufferPointer { writer.append($0) } }
    }
    for (position, width) in layout.widths.enumerated() {
      if position == layout.gapBefore { column(1) }
      column(width)
    }
    if layout.gapBefore == layout.widths.count { column(1) }
    writer.append(right)
    writer.append("\n")
  }

  /// The top rule, the names and the rule under them (none when no row follows); without
  /// names, the top rule only when a row follows (else no box is drawn).
  func writeHeader(_ names: DisplayRow, rowsFollow: Bool = true, to writer: inout BufferedWriter) {
    guard showsNames else {
      if rowsFollow { writeRule("┌", "┬", "┐", to: &writer) }
      return
    }
    writeRule("┌", "┬", "┐", to: &writer)
    writeLine(to: &writer) { column, width, writer in
      names.withCell(column) {
        writeCell(
          $0, cellWidth: names.widths[column], width: width, rightAligned: isNumberColumn[column],
          start: decoration?.headerStart, to: &writer)
      }
    }
    if rowsFollow { writeRule("├", "┼", "┤", to: &writer) }
  }

  /// One row.
  func writeRow(_ row: DisplayRow, to writer: inout BufferedWriter) {
    writeLine(to: &writer) { column, width, writer in
      let kind = row.kinds[column]
      row.withCell(column) {
        writeCell(
          $0, cellWidth: row.widths[column], width: width, rightAligned: kind.isNumber,
          start: kind == .null ? decoration?.nullStart : nil, to: &writer)
      }
    }
  }

  /// The row that stands for the rows left out between the head and the tail.
  func writeMarker(to writer: inout BufferedWriter) {
    writeLine(to: &writer) { column, width, writer in
      Self.marker.withUnsafeBufferPointer {
        writeCell(
          $0, cellWidth: 1, width: width, rightAligned: isNumberColumn[column],
          start: decoration?.nullStart, to: &writer)
      }
    }
  }

  /// The bottom rule (when `closesBox`) and the footer: its parts joined by ` · `, on more
  /// lines when they do not fit `screenWidth` (a part wider than that is cut).
  func writeFooter(
    _ parts: [String], screenWidth: Int, closesBox: Bool = true, to writer: inout BufferedWriter
  ) {
    if closesBox { writeRule("└", "┴", "┘", to: &writer) }
    var lines: [String] = []
    for part in parts {
      if let last = lines.last, Self.width(last) + 3 + Self.width(part) <= screenWidth {
        lines[lines.count - 1] = last + " · " + part
      } else {
        lines.append(part)
      }
    }
    for line in lines {
      var text = Array(line.utf8)
      let fitted = text.withUnsafeBufferPointer { DisplayText.prefix(of: $0, width: screenWidth) }
      if fitted.end < text.count { text.removeSubrange(fitted.end...) }
      if let decoration { writer.append(decoration.nullStart) }
      text.withUnsafeBufferPointer { writer.append($0) }
      if let decoration { writer.append(decoration.end) }
      writer.append("\n")
    }
  }

  private static func width(_ text: String) -> Int {
    var text = text
    return text.withUTF8 { DisplayText.width(of: $0) }
  }

  /// `│ cell │ cell │ … │ cell │` with `body` writing each shown column's cell.
  private func writeLine(
    to writer: inout BufferedWriter, _ body: (Int, Int, inout BufferedWriter) -> Void
  ) {
    for (position, column) in layout.shown.enumerated() {
      if position == layout.gapBefore { writeGap(to: &writer) }
      Self.vertical.withUnsafeBufferPointer { writer.append($0) }
      writer.append(" ")
      body(column, layout.widths[position], &writer)
      writer.append(" ")
    }
    if layout.gapBefore == layout.shown.count { writeGap(to: &writer) }
    Self.vertical.withUnsafeBufferPointer { writer.append($0) }
    writer.append("\n")
  }

  private func writeGap(to writer: inout BufferedWriter) {
    Self.vertical.withUnsafeBufferPointer { writer.append($0) }
    writer.append(" ")
    if let decoration { writer.append(decoration.nullStart) }
    DisplayRow.ellipsis.withUnsafeBufferPointer { writer.append($0) }
    if let decoration { writer.append(decoration.end) }
    writer.append(" ")
  }

  /// A cell padded (or cut with `…`) to `width`.
  private func writeCell(
    _ cell: UnsafeBufferPointer<UInt8>, cellWidth: Int, width: Int, rightAligned: Bool,
    start: String?, to writer: inout BufferedWriter
  ) {
    var shown = cell
    var shownWidth = cellWidth
    var cut = false
    if cellWidth > width {
      let prefix = DisplayText.prefix(of: cell, width: max(width - 1, 0))
      shown = UnsafeBufferPointer(rebasing: cell[0..<prefix.end])
      shownWidth = prefix.width + 1
      cut = true
    }
    let padding = max(width - shownWidth, 0)
    if rightAligned { writer.appendSpaces(padding) }
    if let start { writer.append(start) }
    writer.append(shown)
    if cut { DisplayRow.ellipsis.withUnsafeBufferPointer { writer.append($0) } }
    if start != nil, let decoration { writer.append(decoration.end) }
    if !rightAligned { writer.appendSpaces(padding) }
  }
}
