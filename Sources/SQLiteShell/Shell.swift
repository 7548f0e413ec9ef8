import DqliteClient
import Glibc
package import SQLiteCore

/// The shell engine: input lines in, formatted results and messages out.
///
/// No terminal and no libedit here: `litesh` feeds lines and owns the terminal. The REPL calls
/// ``processLine(_:)`` for each line typed, shows ``mainPrompt`` or ``continuationPrompt``
/// after ``isAwaitingContinuation``, and stops when ``shouldExit``.
package final class Shell {
  /// The session settings.
  package var state: ShellState
  /// The open database connection, once something needed it (the file is opened lazily).
  ///
  /// With readers (`.readers N`) it is the read pool's writer: statements run on it unless the
  /// ``StatementRouter`` sends them to a reader.
  package internal(set) var connection: Connection? {
    didSet {
      interruptTarget.update(connection, pool: connection == nil ? nil : readPool?.pool)
      forgetLiteralInserts()
    }
  }
  /// The prepared shapes of literal INSERT statements (a dump being restored).
  let literalInserts = LiteralInsertRunner()
  /// Whether literal INSERT statements may take the fast way (on by default; the fuzz target
  /// and the tests turn it off to compare with the normal way).
  package var usesLiteralInserts = true
  /// Interrupts the statement running on ``connection`` from any thread (signal watchers).
  package let interruptTarget = InterruptTarget()
  /// The read pool, while readers are on.
  var readPool: ReadPool?
  /// The dqlite cluster session, when the database is a `dqlite://` address.
  var dqlite: DqliteSession?
  /// `.session`: the change-recording sessions open on ``connection``.
  var changeSessions = ChangeSessions()
  /// `.expert`: the index advisor waiting for the next SQL, which it takes instead of running.
  var pendingExpert: PendingExpert?
  /// `.connection`: the numbered connections that are not the active one.
  var connectionSlots = ConnectionSlots()
  /// On a cluster, the in-memory database where `.parameter` keeps its values.
  var dqliteParameters: Connection?
  /// Standard output: results go here unless `.output` or `.once` redirect them.
  package let standardOutput: OutputSink
  /// Standard error: error messages.
  package let errors: OutputSink
  /// Where results go now.
  package internal(set) var output: OutputSink
  /// Whether any error happened since this was last reset (exit status 1 at the end).
  package var hadError = false
  /// Whether output was lost to a failed write (a full disk): the exit status is then 1.
  package internal(set) var hasLostOutput = false
  /// The status `.exit N` asked for, or 1 when the database could not be opened.
  package internal(set) var exitCode: Int32?
  /// The exit status sqlite3 gives when the dot-command that just failed was a command-line
  /// argument: the SQLite result code some commands return (`.archive`); 1 when `nil`.
  package internal(set) var dotCommandStatus: Int32?
  /// The commands this shell runs.
  package let registry: DotCommandRegistry
  /// The last chunk of SQL run from the main input, for `.edit`.
  package var lastSQL: String? { lastSQLText?.string }
  /// The bytes of ``lastSQL``.
  package internal(set) var lastSQLText: SQLText?
  /// The text `.edit` asked to edit, until the REPL (which owns the terminal) takes it.
  var editRequest: String?

  var input = InputBuffer()
  /// `.testcase NAME`: the name `.check` reports (empty before any `.testcase`).
  var testcaseName = SQLText()
  /// `.open --hexdb` without a file: the reader that takes the input's next lines.
  var hexDatabaseInput: HexDatabaseParser?
  /// The running dot-command's arguments (after its name) as the exact bytes typed.
  var argumentBytes: [[UInt8]] = []
  /// The running dot-command's name as typed (`lin` for `.lint`): some usage lines repeat it.
  var commandName = ""
  /// The running dot-command's whole line as typed (`.watch` takes SQL from it verbatim).
  var commandLine = SQLText()
  var inputDepth = 0
  /// The line number of the line being processed in the current input (for `-safe` messages).
  var currentLineNumber = 0
  var quitRequested = false
  /// `.once`: commands left before output returns to stdout (sqlite3's `outCount`).
  var onceCountdown = 0
  /// `.once -e|-x`, `.output -e|-x`, `.excel`: the temporary file and the opener due.
  var viewedOutput = ViewedOutput()
  /// `.trace`: where trace lines go, if anywhere.
  var traceOutput: OutputSink?
  /// `.trace`, `.log`, `.progress` and `.nonce` settings.
  let diagnostics = ShellDiagnostics()
  /// The result rows written so far, for the REPL's progress line (readable from any thread).
  package let rowsWritten = RowCounter()
  /// The transaction open on ``connection``, as the shell follows it (the prompt shows it).
  package internal(set) var transactions = TransactionTracker()
  /// Asked after each line of the main input is read: a request to stop reading (set by the
  /// program's signal handling; the library never installs signal handlers).
  package var stopRequest: () -> StopRequest? = { nil }
  /// ``stopRequest``, or `.terminate` once standard output is a pipe nobody reads any more.
  var pendingStop: StopRequest? { standardOutput.isBroken ? .terminate : stopRequest() }
  /// Ctrl-C for work that is not a statement of ``connection`` (a running `.bench`).
  package let workStop = SQLiteShell.StopRequest()
  /// The window's size (lines, columns), read before each result the display mode draws; the
  /// program sets it when standard output is a terminal.
  package var windowSize: () -> (rows: Int, columns: Int) = { (24, 80) }
  /// The rows of the last result drawn in the display mode, for `.last`.
  package let lastResult = ResultSpool()
  /// Called by `.last` before it writes a whole result to the screen: the REPL starts its
  /// pager for it (`$LITESH_PAGER`, else `$PAGER`, else `less -SRX`).
  package var startsFullResult: (() -> Void)?

  /// Creates a shell with settings, writing to the given sinks; the database opens on first use.
  package init(
    state: ShellState = ShellState(), output: OutputSink, errors: OutputSink,
    registry: DotCommandRegistry = .standard
  ) {
    self.state = state
    self.standardOutput = output
    self.output = output
    self.errors = errors
    self.registry = registry
    // With SIGPIPE ignored (a parent's `trap '' PIPE`), a reader that went away shows as
    // EPIPE: stop the running statement and `.bench` at once, as SIGPIPE would have, instead
    // of running them to the end for nobody; the input loops stop too (``pendingStop``).
    output.onWriteFailure = { [interruptTarget, workStop] code in
      guard code == EPIPE else { return }
      interruptTarget.interrupt()
      workStop.request()
    }
  }

  /// Creates a shell on an open connection, writing to the given sinks.
  package convenience init(connection: Connection, output: OutputSink, errors: OutputSink) {
    var state = ShellState()
    state.databasePath = connection.path
    self.init(state: state, output: output, errors: errors)
    self.connection = connection
  }

  // MARK: The REPL's view

  /// Whether SQL is pending, or `.open --hexdb` is reading lines: the REPL shows the
  /// continuation prompt.
  package var isAwaitingContinuation: Bool { input.hasPending || hexDatabaseInput != nil }
  /// The main prompt (`.prompt`).
  package var mainPrompt: String { state.mainPrompt }
  /// The continuation prompt (`.prompt MAIN CONTINUE`).
  package var continuationPrompt: String { state.continuationPrompt }
  /// Whether input should stop: `.quit`, `.exit`, a bail-out, or a failed open.
  package var shouldExit: Bool { exitCode != nil || quitRequested }
  /// The process exit status now: the `.exit` code, else 1 after any error, else 0.
  package var exitStatus: Int32 { exitCode ?? (hadError || hasLostOutput ? 1 : 0) }

  /// Drops pending SQL (and stops `.open --hexdb` reading lines), as Ctrl-C at the prompt does.
  package func discardPendingInput() {
    input.discardPending()
    hexDatabaseInput = nil
  }

  /// Processes one line of the main input (stdin or the REPL).
  package func processLine(_ line: String) { processLine(SQLText(line)) }

  /// Processes one line of the main input given as bytes, which reach SQLite unchanged.
  package func processLine(_ line: SQLText) { line.withUnsafeBytes { processLine(bytes: $0) } }

  /// Processes one line of the main input whose bytes are valid only during the call.
  func processLine(bytes line: UnsafeBufferPointer<UInt8>) {
    if hadError && state.bail && !state.isInteractive { quitRequested = true }
    guard !shouldExit else { return }
    if hexDatabaseInput != nil {
      input.skipLine()
      takeHexDatabaseLine(line)
      return
    }
    let disposition = input.feed(bytes: line)
    currentLineNumber = input.lineNumber
    let outcome = perform(disposition, lineNumbers: !state.isInteractive)
    finishStep(outcome)
  }

  /// Runs whatever SQL is pending at the end of the main input, and flushes.
  ///
  /// After a termination signal the pending SQL is dropped instead.
  package func finish() {
    if pendingStop == .terminate { discardPendingInput() }
    finishHexDatabaseInput()
    if !shouldExit {
      let outcome = perform(input.finish(), lineNumbers: !state.isInteractive)
      finishStep(outcome)
    }
    flush()
    _ = reportWriteFailure(of: output, name: state.outputName)
  }

  /// Writes everything buffered.
  package func flush() {
    output.flush()
    standardOutput.flush()
    traceOutput?.flush()
    errors.flush()
  }

  /// Reads and processes all lines of `reader` as the main input.
  ///
  /// Output is flushed before every read that may block, so a coprocess sees each answer.
  package func run(_ reader: LineReader) {
    reader.beforeRead = { [unowned self] in flush() }
    defer { reader.beforeRead = nil }
    // Each line is processed in the reader's buffer, not copied first.
    while !shouldExit {
      let didProcess = reader.withNextLine { line -> Bool in
        if pendingStop != nil { return false }
        processLine(bytes: line)
        return true
      }
      if didProcess != true { break }
    }
    finish()
  }

  private func finishStep(_ step: DotCommand.Outcome) {
    var outcome = step
    // The failure check first: passing the output's name costs a String copy per line.
    if outcome != .quit, output.writeFailure != nil,
      reportWriteFailure(of: output, name: state.outputName)
    {
      outcome = .failure
    }
    switch outcome {
    case .success: break
    case .failure:
      hadError = true
      if state.bail && !state.isInteractive { quitRequested = true }
    case .quit: quitRequested = true
    }
  }

  // MARK: Opening the database

  /// The connection, opened now if needed; `nil` (after printing sqlite3's message and setting
  /// exit status 1) when the database cannot be opened.
  package func openDatabase() -> Connection? {
    if let connection { return connection }
    if isDqlite {
      refuseOnDqlite("this command")
      hadError = true
      return nil
    }
    if let writer = openPreferredReadPool() { return writer }
    do {
      let opened = try openConnection(path: state.databasePath, options: state.openOptions)
      try prepareConnection(opened)
      connection = opened
      return opened
    } catch {
      output.flush()
      errors.write(
        "Error: unable to open database \"\(state.databasePath)\": \(error.message)\n")
      errors.flush()
      exitCode = 1
      return nil
    }
  }
}

extension Shell {
  /// Why the main input should stop being read.
  package enum StopRequest: Sendable, Equatable {
    /// An interrupt (SIGINT) in batch mode: sqlite3 stops before the next line, but runs SQL
    /// already pending at the end as it always does.
    case interrupt
    /// A termination signal (SIGTERM, SIGHUP): stop now, drop pending SQL, roll back.
    case terminate
  }
}
