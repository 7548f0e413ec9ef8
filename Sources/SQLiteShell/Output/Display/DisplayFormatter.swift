import SQLiteCore

/// The display mode's settings and the window it draws in.
package struct DisplaySettings: Sendable, Equatable {
  /// `.maxrows N`: the most rows drawn (the first half and the last half, with a marker
  /// between); 0 draws every row; `nil` (`.maxrows auto`, the default) as many as fit the
  /// window's height with the header, the footer and the prompt.
  package var maxRows: Int?
  /// The window's width in columns, read before each result is drawn.
  package var screenColumns = 80
  /// The window's height in lines.
  package var screenRows = 24
  /// Whether results are kept for `.last` (and the footer offers it): not for SQL given as
  /// arguments, after which the program ends.
  package var keepsLast = true

  /// The default: `.maxrows auto` on an 80x24 window.
  package init() {}

  /// The rows drawn at most (0: all) for the current window.
  package var rowLimit: Int {
    if let maxRows { return maxRows }
    // Box top, names, rule, marker, bottom, footer, the statement's line and the next prompt.
    return max(screenRows - 8, 6)
  }
}

/// The display mode: a box fitted to the window, NULL shown, numbers right-aligned, the first
/// and last rows of a long result with a footer counting them all.
///
/// The statement runs to its end, but only the head and a ring of the tail rows are held (each
/// cut at the window's width), so memory is bounded whatever the row count. Every row is also
/// appended to the ``ResultSpool`` for `.last`. Widths are decided from the rows held.
enum DisplayFormatter {
  /// Steps `statement` to the end and draws it.
  static func write(
    _ statement: some RowSource, style: OutputStyle, spool: ResultSpool?,
    to writer: inout BufferedWriter
  ) throws(SQLiteError) {
    let count = statement.columnCount
    let settings = style.display
    let limit = settings.rowLimit
    let cap = max(settings.screenColumns, 8)
    let null = nullText(style)
    let drawsNames = showsNames(style)
    var names = DisplayRow()
    var nameList: [String] = []
    for index in 0..<count {
      let name = statement.columnName(at: index)
      nameList.append(name)
      var shown = drawsNames ? name : ""
      shown.withUTF8 { names.appendText($0, cap: cap) }
    }
    spool?.begin(columnNames: nameList)
    let headCount = limit == 0 ? Int.max : (limit + 1) / 2
    let tailCount = limit == 0 ? 0 : limit / 2
    var head: [DisplayRow] = []
    var ring: [DisplayRow] = []
    var ringStart = 0
    var total = 0
    var failure: SQLiteError?
    do {
      while try statement.step() {
        total += 1
        spool?.append(statement)
        writer.countRow()
        // Every row (`.maxrows 0`) is drawn from the spool, unless it could not be kept.
        if head.count < headCount && (limit > 0 || spool?.isComplete != true) {
          var row = DisplayRow()
          capture(statement, into: &row, null: null, cap: cap)
          head.append(row)
        } else if limit == 0 {
          continue  // drawn from the spool below
        } else if ring.count < tailCount {
          var row = DisplayRow()
          capture(statement, into: &row, null: null, cap: cap)
          ring.append(row)
        } else if tailCount > 0 {
          ring[ringStart].reset()
          capture(statement, into: &ring[ringStart], null: null, cap: cap)
          ringStart = (ringStart + 1) % tailCount
        }
      }
    } catch {
      failure = error
    }
    spool?.finish()
    let tail = Array(ring[ringStart...] + ring[..<ringStart])
    let ending: Ending =
      switch failure {
      case nil: .complete
      case let error? where ResultCode.interrupt ~= error.code: .interrupted
      case _?: .failed
      }
    if limit == 0, let spool, spool.isComplete {
      drawSpool(
        spool, names: names, style: style, fits: true, ending: ending, to: &writer)
    } else {
      let shown = head.count + tail.count
      var cut = false
      let layout = fit(names: names, rows: head + tail, settings: settings, cut: &cut)
      let renderer = DisplayRenderer(
        layout: layout, isNumberColumn: numberColumns(head + tail, count: count),
        decoration: style.decoration, showsNames: drawsNames)
      renderer.writeHeader(names, rowsFollow: total > 0, to: &writer)
      for row in head { renderer.writeRow(row, to: &writer) }
      if total > shown { renderer.writeMarker(to: &writer) }
      for row in tail { renderer.writeRow(row, to: &writer) }
      let footer = footer(
        total: total, shown: total > shown ? shown : nil, columns: count,
        shownColumns: layout.shown.count, cut: cut || total > shown, spool: spool, ending: ending)
      renderer.writeFooter(
        footer, screenWidth: settings.screenColumns, closesBox: drawsNames || total > 0,
        to: &writer)
    }
    if let failure { throw failure }
  }

  /// `.last`: the spooled result whole (no row limit, columns at their natural widths).
  static func writeLast(
    _ spool: ResultSpool, style: OutputStyle, to writer: inout BufferedWriter,
    until isStopped: () -> Bool
  ) {
    var names = DisplayRow()
    for name in spool.columnNames ?? [] {
      var shown = showsNames(style) ? name : ""
      shown.withUTF8 { names.appendText($0, cap: 0) }
    }
    drawSpool(
      spool, names: names, style: style, fits: false, ending: .complete, to: &writer,
      until: isStopped)
  }

  /// Draws the rows of `spool` in two passes (widths, then lines): fitted to the window when
  /// `fits`, else at their natural widths with each cell cut at ``lastCellCap``.
  private static func drawSpool(
    _ spool: ResultSpool, names: DisplayRow, style: OutputStyle, fits: Bool, ending: Ending,
    to writer: inout BufferedWriter, until isStopped: () -> Bool = { false }
  ) {
    let count = names.count
    let null = nullText(style)
    let cap = fits ? max(style.display.screenColumns, 8) : lastCellCap
    let blobCap = fits ? cap / 2 : lastBlobCap
    guard
      let measured = spool.measure(
        nullWidth: null.withUnsafeBufferPointer { DisplayText.width(of: $0) }, cap: cap,
        blobCap: blobCap, until: isStopped)
    else { return }
    let natural = (0..<count).map { max(names.widths[$0], measured.widths[$0]) }
    let isNumber = measured.isNumber
    var cut = measured.cut
    let layout =
      fits
      ? DisplayLayout.fit(
        natural: natural, isNumber: isNumber, available: style.display.screenColumns)
      : DisplayLayout.natural(natural)
    if layout.widths != layout.shown.map({ natural[$0] }) { cut = true }
    let renderer = DisplayRenderer(
      layout: layout, isNumberColumn: isNumber, decoration: style.decoration,
      showsNames: showsNames(style))
    renderer.writeHeader(names, rowsFollow: spool.rowCount > 0, to: &writer)
    let isInterrupted = writer.isInterrupted
    spool.forEachRow(null: null, cap: cap, blobCap: blobCap) { row in
      renderer.writeRow(row, to: &writer)
      writer.lineDone()
      return !(isInterrupted?() ?? false) && !isStopped()
    }
    let footer = footer(
      total: spool.rowCount, shown: nil, columns: count, shownColumns: layout.shown.count,
      cut: fits && cut, spool: fits ? spool : nil, ending: ending)
    renderer.writeFooter(
      footer, screenWidth: fits ? style.display.screenColumns : Int.max,
      closesBox: renderer.showsNames || spool.rowCount > 0, to: &writer)
  }

  /// `.last` cuts a cell at this many columns (the pager scrolls sideways, but a megabyte of
  /// text on one line helps nobody).
  static let lastCellCap = 1000
  /// `.last` shows at most this many bytes of a blob.
  static let lastBlobCap = 256

  /// Whether the column names are drawn: unless `.headers off` (or `-noheader`) was given;
  /// sqlite3's default of off does not hide them, as a person expects names on a box.
  static func showsNames(_ style: OutputStyle) -> Bool {
    style.showHeaders || !style.headersSetExplicitly
  }

  /// `.nullvalue` when set, else `NULL`.
  private static func nullText(_ style: OutputStyle) -> [UInt8] {
    style.nullValue.isEmpty ? Array("NULL".utf8) : Array(style.nullValue.utf8)
  }

  private static func capture(
    _ statement: some RowSource, into row: inout DisplayRow, null: [UInt8], cap: Int
  ) {
    for index in 0..<statement.columnCount {
      row.append(statement, column: index, null: null, cap: cap, blobCap: cap / 2)
    }
  }

  /// Whether each column holds only numbers among the rows held (and at least one).
  private static func numberColumns(_ rows: [DisplayRow], count: Int) -> [Bool] {
    (0..<count).map { index in
      var seen = false
      for row in rows where row.kinds[index] != .null {
        if !row.kinds[index].isNumber { return false }
        seen = true
      }
      return seen
    }
  }

  /// The layout for `rows` (the head and the tail), and whether a cell is shown cut.
  private static func fit(
    names: DisplayRow, rows: [DisplayRow], settings: DisplaySettings, cut: inout Bool
  ) -> DisplayLayout {
    var natural = names.widths
    for row in rows {
      if row.wasCut { cut = true }
      for index in natural.indices { natural[index] = max(natural[index], row.widths[index]) }
    }
    let layout = DisplayLayout.fit(
      natural: natural, isNumber: numberColumns(rows, count: natural.count),
      available: settings.screenColumns)
    if layout.widths != layout.shown.map({ natural[$0] }) { cut = true }
    return layout
  }

  /// How the statement behind a result ended, as its footer says: a result cut short by an
  /// interrupt or an error counts the rows `before the interrupt` or `before the error`.
  enum Ending {
    case complete, interrupted, failed
  }

  /// `3,503 rows (32 shown)`, `9 columns (5 shown)`, `.last shows all`: the footer's parts.
  static func footer(
    total: Int, shown: Int?, columns: Int, shownColumns: Int, cut: Bool, spool: ResultSpool?,
    ending: Ending
  ) -> [String] {
    var parts: [String] = []
    var rows = "\(grouped(total)) row\(total == 1 ? "" : "s")"
    if let shown { rows += " (\(grouped(shown)) shown)" }
    switch ending {
    case .complete: break
    case .interrupted: rows += " before the interrupt"
    case .failed: rows += " before the error"
    }
    parts.append(rows)
    if shownColumns < columns { parts.append("\(columns) columns (\(shownColumns) shown)") }
    if cut || shownColumns < columns, let spool, spool.isComplete {
      parts.append(".last shows all")
    }
    return parts
  }

  /// `3503` as `3,503`.
  static func grouped(_ value: Int) -> String {
    let digits = Array(String(value.magnitude))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return value < 0 ? "-" + text : text
  }
}
