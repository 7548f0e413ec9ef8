/// What the terminal program and the shell share about the screen (``Shell/display``): the
/// program sets the window size and the pager hook, and reads the row count.
package struct DisplayHooks {
  /// The window's size (lines, columns), read before each result the display mode draws; the
  /// program sets it when standard output is a terminal.
  package var windowSize: () -> (rows: Int, columns: Int) = { (24, 80) }
  /// Called by `.last` before it writes a whole result to the screen: the REPL starts its
  /// pager for it (`$LITESH_PAGER`, else `$PAGER`, else `less -SRX`).
  package var startsFullResult: (() -> Void)?
  /// The rows of the last result drawn in the display mode, for `.last`.
  package let lastResult = ResultSpool()
  /// Results written so far in any mode, and which of them ``lastResult`` keeps: `.last` says
  /// when it shows an older one.
  var resultsWritten = 0
  var keptResultNumber = 0
  /// The result rows written so far, for the REPL's progress line (readable from any thread).
  package let rowsWritten = RowCounter()
}
