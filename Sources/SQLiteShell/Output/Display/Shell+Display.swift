import SQLiteCore

/// Where the display mode applies: results a person reads on the terminal.
extension Shell {
  /// Whether results written now reach the screen a person reads: standard output is a
  /// terminal with a person at it (``SessionAudience/readsResultsOnScreen``) and no `.output`
  /// or `.once` took it elsewhere.
  var writesResultsToScreen: Bool {
    output === standardOutput && state.audience.readsResultsOnScreen
  }

  /// The style to write a result in when the mode is ``OutputMode/display``, and the spool for
  /// `.last`: on the screen, the display mode sized to the window now (so a resize since the
  /// last result is seen); anywhere else, sqlite3's list mode and no spool.
  func displayStyle() -> (style: OutputStyle, spool: ResultSpool?) {
    var style = state.style
    guard writesResultsToScreen else {
      style.mode = .list
      return (style, nil)
    }
    let size = display.windowSize()
    style.display.screenColumns = max(size.columns, 20)
    style.display.screenRows = max(size.rows, 8)
    return (style, style.display.keepsLast ? display.lastResult : nil)
  }

  /// Writes the current row source's result in the current style (``displayStyle()`` in the
  /// display mode); the number of columns for `.width`, as ``ResultWriter/write`` returns it.
  func writeResult(_ statement: some RowSource, to sink: OutputSink) throws(SQLiteError) -> Int {
    let (style, spool) = resultStyle()
    return try ResultWriter.write(statement, style: style, to: sink, spool: spool)
  }

  /// The style and `.last` spool for the result about to be written, on the writer or a
  /// reader, counted so that `.last` can tell when it shows an older one.
  func resultStyle() -> (style: OutputStyle, spool: ResultSpool?) {
    display.resultsWritten &+= 1
    guard state.style.mode == .display else { return (state.style, nil) }
    let (style, spool) = displayStyle()
    if spool != nil { display.keptResultNumber = display.resultsWritten }
    return (style, spool)
  }
}
