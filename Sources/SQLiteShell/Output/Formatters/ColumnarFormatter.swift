import SQLiteCore

/// column, table, box, markdown (and qbox): collects every row, then prints aligned columns.
///
/// Collection follows sqlite3's `exec_prepared_stmt_columnar`: each value is cut into display
/// lines by ``TextWrapper`` (at `.width` of its column, else `--wrap`), NULL shows the
/// `.nullvalue`, `--quote` shows SQL literals; the header is cut to its first line.
enum ColumnarFormatter {
  /// Steps `statement` to the end and prints its rows in `style.mode`.
  ///
  /// A failing step ends the collection: the rows before it are printed, then the error thrown.
  /// An interrupted one (Ctrl-C) prints none of them, only a note saying how many there were.
  /// - Returns: the number of columns when there was a row, else 0: sqlite3 then lengthens its
  ///   `.width` list to that many with zeros, which `.show` prints.
  @discardableResult
  static func write(
    _ statement: some RowSource, style: OutputStyle, to writer: inout BufferedWriter
  ) throws(SQLiteError) -> Int {
    guard try statement.step() else { return 0 }
    let count = statement.columnCount
    guard count > 0 else {
      while try statement.step() {}
      return 0
    }
    let settings = (0..<count).map { index in
      index < style.columnWidths.count ? style.columnWidths[index] : 0
    }
    let wrappers = settings.map { width in
      TextWrapper(
        maxWidth: width != 0 ? width : style.wrapWidth, wordWrap: style.wordWrap,
        displayWidth: style.usesDisplayWidth)
    }
    let table = CellTable(columnCount: count, minimumWidths: settings.map { abs($0) })
    table.beginLine()
    for index in 0..<count {
      var name = statement.columnName(at: index)
      _ = name.withUTF8 { table.appendCell($0, column: index, wrapper: wrappers[index]) }
    }
    table.endLine(endsRow: true)
    var collector = RowCollector(
      table: table, wrappers: wrappers, null: Array(style.nullValue.utf8),
      quotes: style.quoteValues || style.mode == .qbox, marksNulls: style.decoration != nil)
    var failure: SQLiteError?
    var rows = 0
    do {
      repeat {
        collector.collect(statement)
        writer.countRow()
        rows += 1
      } while try statement.step()
    } catch {
      if ResultCode.interrupt ~= error.code {
        writer.append("(interrupted: \(rows) row\(rows == 1 ? "" : "s") not shown)\n")
        throw error
      }
      failure = error
    }
    ColumnarRenderer(table: table, style: style, settings: settings).render(to: &writer)
    if let failure { throw failure }
    return count
  }
}

/// Cuts the values of each row into display lines of a ``CellTable``.
private struct RowCollector {
  let table: CellTable
  let wrappers: [TextWrapper]
  let null: [UInt8]
  let quotes: Bool
  /// Whether NULL cells are marked in the table (for colour).
  let marksNulls: Bool
  private var pending: [[UInt8]?]
  private var scratch: [UInt8] = []

  init(
    table: CellTable, wrappers: [TextWrapper], null: [UInt8], quotes: Bool, marksNulls: Bool
  ) {
    self.table = table
    self.wrappers = wrappers
    self.null = null
    self.quotes = quotes
    self.marksNulls = marksNulls
    pending = Array(repeating: nil, count: table.columnCount)
  }

  /// Adds the current row of `statement`: its first display line, then any continuation lines.
  mutating func collect(_ statement: some RowSource) {
    table.beginLine()
    var hasMore = false
    for index in 0..<table.columnCount {
      let tail: Int?
      switch statement.storageClass(at: index) {
      case .null:
        tail = quotes ? appendScratch(Array("NULL".utf8), index) : appendScratch(null, index)
        if marksNulls { table.markLastCellNull() }
      case .integer:
        scratch.removeAll(keepingCapacity: true)
        ValueBytes.appendInteger(statement.int64(at: index), to: &scratch)
        tail = appendScratch(scratch, index)
      case .real:
        scratch.removeAll(keepingCapacity: true)
        SQLiteFormatting.appendReal(
          statement.double(at: index), significantDigits: 15, to: &scratch)
        tail = appendScratch(scratch, index)
      case .blob where quotes:
        scratch.removeAll(keepingCapacity: true)
        statement.withUnsafeBlob(at: index) {
          ValueBytes.appendHexBlob($0, lowercasePrefix: true, to: &scratch)
        }
        tail = appendScratch(scratch, index)
      case .text where quotes:
        scratch.removeAll(keepingCapacity: true)
        statement.withUnsafeText(at: index) {
          ValueBytes.appendQuoted(ValueBytes.cString($0), to: &scratch)
        }
        tail = appendScratch(scratch, index)
      default:
        tail = statement.withUnsafeText(at: index) { text in
          let source = ValueBytes.cString(text)
          let tail = table.appendCell(source, column: index, wrapper: wrappers[index])
          if let tail { pending[index] = Array(source[tail...]) }
          return tail
        }
      }
      if tail != nil { hasMore = true }
    }
    table.endLine(endsRow: !hasMore)
    while hasMore {
      hasMore = false
      table.beginLine()
      for index in 0..<table.columnCount {
        let rest = pending[index] ?? []
        pending[index] = nil
        if appendScratch(rest, index) != nil { hasMore = true }
      }
      table.endLine(endsRow: !hasMore)
    }
  }

  /// Appends a cell from owned bytes, keeping the rest of the value for the next line.
  private mutating func appendScratch(_ bytes: [UInt8], _ index: Int) -> Int? {
    let tail = bytes.withUnsafeBufferPointer { source in
      table.appendCell(source, column: index, wrapper: wrappers[index])
    }
    if let tail { pending[index] = Array(bytes[tail...]) }
    return tail
  }
}
