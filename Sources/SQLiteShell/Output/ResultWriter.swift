package import SQLiteCore

/// Renders the rows of one statement in the current output style.
///
/// The single entry point the shell engine calls for every statement that returns columns.
package enum ResultWriter {
  /// Steps `statement` to the end and writes its rows to `sink` in `style`.
  ///
  /// Streaming modes write each row as it is stepped; columnar modes collect the rows first.
  /// An empty result prints nothing in every mode. `EXPLAIN` statements get sqlite3's explain
  /// layout and `EXPLAIN QUERY PLAN` the plan tree unless `.explain off`; `.explain on` uses
  /// the explain layout for everything.
  /// - Returns: for a columnar mode, the number of columns when there was a row (see
  ///   ``OutputStyle/lengthenColumnWidths(to:)``); else 0.
  /// - Throws: the ``SQLiteError`` of a failing step, after the rows before it were written.
  @discardableResult
  package static func write(
    _ statement: some RowSource, style: OutputStyle, to sink: OutputSink,
    spool: ResultSpool? = nil
  ) throws(SQLiteError) -> Int {
    // No columns (INSERT, CREATE…): nothing to write in any mode, so skip the writer setup.
    if statement.columnCount == 0, style.explain != .on {
      try statement.run()
      return 0
    }
    if style.explain == .auto, statement.explainKind == 2 {
      try QueryPlanRenderer.writeCollected(statement, to: sink)
      return 0
    }
    var writer = BufferedWriter(sink)
    defer { writer.finish() }
    if style.explain == .on || (style.explain == .auto && statement.explainKind == 1) {
      try ExplainFormatter.write(statement, style: style, to: &writer)
      return 0
    }
    switch style.mode {
    case .list, .tabs, .ascii:
      try DelimitedFormatter.writeList(statement, style: style, to: &writer)
    case .csv:
      try DelimitedFormatter.writeCSV(statement, style: style, to: &writer)
    case .line:
      try LineFormatter.write(statement, style: style, to: &writer)
    case .json:
      try JSONFormatter.write(statement, to: &writer)
    case .insert:
      try SQLLiteralFormatter.writeInsert(statement, style: style, to: &writer)
    case .quote:
      try SQLLiteralFormatter.writeQuote(statement, style: style, to: &writer)
    case .html:
      try HTMLFormatter.write(statement, style: style, to: &writer)
    case .tcl:
      try TCLFormatter.write(statement, style: style, to: &writer)
    case .column, .table, .box, .markdown, .qbox:
      return try ColumnarFormatter.write(statement, style: style, to: &writer)
    case .explain:
      try ExplainFormatter.write(statement, style: style, to: &writer)
    case .count:
      try writeCount(statement, to: &writer)
    case .off:
      try statement.run()
    case .display:
      try DisplayFormatter.write(statement, style: style, spool: spool, to: &writer)
    }
    return 0
  }

  /// Writes an `EXPLAIN` statement's bytecode in sqlite3's explain layout, as `.eqp full`
  /// shows it before running a statement.
  package static func writeExplain(
    _ statement: some RowSource, style: OutputStyle, to sink: OutputSink
  ) throws(SQLiteError) {
    var writer = BufferedWriter(sink)
    defer { writer.finish() }
    try ExplainFormatter.write(statement, style: style, to: &writer)
  }

  /// `.mode count`: `N rows` once the statement is done, nothing for an empty result.
  private static func writeCount(
    _ statement: some RowSource, to writer: inout BufferedWriter
  ) throws(SQLiteError) {
    var rows = 0
    defer { if rows > 0 { writer.append("\(rows) row\(rows == 1 ? "" : "s")\n") } }
    while try statement.step() { rows += 1 }
  }
}
