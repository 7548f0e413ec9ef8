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
      control.interruptTarget.update(
        connection, pool: connection == nil ? nil : connections.readPool?.pool)
      forgetLiteralInserts()
    }
  }
  /// Whether literal INSERT statements may take the fast way (on by default; the fuzz target
  /// and the tests turn it off to compare with the normal way).
  package var usesLiteralInserts = true
  /// The other connections and what belongs to ``connection``: readers, dqlite, `.connection`
  /// slots, `.session`, `.expert`, the literal-INSERT statements.
  var connections = ShellConnections()
  /// Standard output: results go here unless `.output` or `.once` redirect them.
  package let standardOutput: OutputSink
  /// Standard error: error messages.
  package let errors: OutputSink
  /// Where results go now.
  package internal(set) var output: OutputSink
  /// Errors so far, requests to stop, and what stops running work.
  package var control = RunControl()
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
  /// What the shell is reading: pending SQL, input depth and line, `.open --hexdb` lines.
  var input = ShellInput()
  /// The dot-command running now, as typed.
  var command = RunningCommand()
  /// `.once`, `.output -e|-x`, `.excel` and `.trace`: where output goes besides ``output``.
  var redirection = OutputRedirection()
  /// `.trace`, `.log`, `.progress` and `.nonce` settings.
  let diagnostics = ShellDiagnostics()
  /// The transaction open on ``connection``, as the shell follows it (the prompt shows it).
  package internal(set) var transactions = TransactionTracker()
  /// What the terminal program and the shell share: window size, pager hook, row count, `.last`.
  package var display = DisplayHooks()
  /// ``RunControl/stopRequest``, or `.terminate` once standard output is a pipe nobody reads any more.
  var pendingStop: StopRequest? { standardOutput.isBroken ? .terminate : control.stopRequest() }

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
    output.onWriteFailure = {
      [interruptTarget = control.interruptTarget, workStop = control.workStop] code in
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
  package var isAwaitingContinuation: Bool { input.buffer.hasPending || input.hexDatabase != nil }
  /// The main prompt (`.prompt`).
  package var mainPrompt: String { state.mainPrompt }
  /// The continuation prompt (`.prompt MAIN CONTINUE`).
  package var continuationPrompt: String { state.continuationPrompt }
  /// Whether input should stop: `.quit`, `.exit`, a bail-out, or a failed open.
  package var shouldExit: Bool { exitCode != nil || control.quitRequested }
  /// The process exit status now: the `.exit` code, else 1 after any error, else 0.
  package var exitStatus: Int32 { exitCode ?? (control.hadError || hasLostOutput ? 1 : 0) }

  /// Drops pending SQL (and stops `.open --hexdb` reading lines), as Ctrl-C at the prompt does.
  package func discardPendingInput() {
    input.buffer.discardPending()
    input.hexDatabase = nil
  }

  /// Processes one line of the main input (stdin or the REPL).
  package func processLine(_ line: String) { processLine(SQLText(line)) }

  /// Processes one line of the main input given as bytes, which reach SQLite unchanged.
  package func processLine(_ line: SQLText) { line.withUnsafeBytes { processLine(bytes: $0) } }

  /// Processes one line of the main input whose bytes are valid only during the call.
  func processLine(bytes line: UnsafeBufferPointer<UInt8>) {
    if control.hadError && state.bail && !state.isInteractive { control.quitRequested = true }
    guard !shouldExit else { return }
    if input.hexDatabase != nil {
      input.buffer.skipLine()
      takeHexDatabaseLine(line)
      return
    }
    let disposition = input.buffer.feed(bytes: line)
    input.lineNumber = input.buffer.lineNumber
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
      let outcome = perform(input.buffer.finish(), lineNumbers: !state.isInteractive)
      finishStep(outcome)
    }
    flush()
    _ = reportWriteFailure(of: output, name: state.outputName)
  }

  /// Writes everything buffered.
  package func flush() {
    output.flush()
    standardOutput.flush()
    redirection.trace?.flush()
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
        flushBeforeInputLine()
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
      control.hadError = true
      if state.bail && !state.isInteractive { control.quitRequested = true }
    case .quit: control.quitRequested = true
    }
  }

  // MARK: Opening the database

  /// The connection, opened now if needed; `nil` (after printing sqlite3's message and setting
  /// exit status 1) when the database cannot be opened.
  package func openDatabase() -> Connection? {
    if let connection { return connection }
    if isDqlite {
      refuseOnDqlite("this command")
      control.hadError = true
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
