import SQLiteCore
import SQLiteShell

/// What the REPL needs from the shell engine.
protocol InteractiveShell: AnyObject {
  /// Feeds one line of input: a dot-command, SQL, or part of a statement.
  func processLine(_ line: String)
  /// Whether an unfinished statement is pending (the continuation prompt is due).
  var isAwaitingContinuation: Bool { get }
  /// The main prompt (`.prompt`), `litesh> ` by default.
  var mainPrompt: String { get }
  /// The continuation prompt (`.prompt`), `   ...> ` by default.
  var continuationPrompt: String { get }
  /// Standard output, before any `.output` redirection.
  var standardOutput: OutputSink { get }
  /// Where error messages go.
  var errors: OutputSink { get }
  /// Writes out everything the shell buffered (results and messages).
  func flush()
  /// Drops the pending statement (Ctrl-C at the prompt).
  func discardPendingInput()
  /// Whether `.quit` or `.exit` asked the shell to end.
  var shouldExit: Bool { get }
  /// The connection statements run on now (it changes with `.open`); `nil` until opened.
  var connection: Connection? { get }
  /// Errors, stop requests, and what Ctrl-C interrupts: the statement running on the
  /// connection of the moment (`interruptTarget`: it follows `.open` and `.readers`, even in
  /// the middle of a line), and work that is not a statement (`workStop`: `.bench`, `.last`).
  var control: RunControl { get }
  /// The connection, opened now if it was not yet; `nil` if it cannot be opened.
  func openDatabase() -> Connection?
  /// The window size and pager hook the REPL sets, and the result rows written so far (the
  /// progress line shows the rows of the running statement).
  var display: DisplayHooks { get set }
  /// The output style, for terminal-only settings such as display width.
  var style: OutputStyle { get set }
  /// The session settings (`.color`, `.pager`).
  var state: ShellState { get }
  /// Where results go now (standard output unless `.output` or `.once` redirect them).
  var output: OutputSink { get }
  /// The transaction open on the connection, as the shell follows it (for the prompt).
  var transactions: TransactionTracker { get }
  /// The text `.edit` asked to edit, once.
  func takeEditRequest() -> String?
}
