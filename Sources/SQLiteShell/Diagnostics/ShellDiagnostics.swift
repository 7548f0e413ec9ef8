import SQLiteCore

/// What `.trace`, `.log`, `.progress` and `.nonce` set up for a shell.
///
/// sqlite3 keeps these in its `ShellState`; here they live together so the shell's own state
/// stays small, and the callbacks SQLite runs (trace, progress) find everything in one place.
final class ShellDiagnostics {
  /// `.trace --expanded` (sticky until `--plain`): SQL with bound values.
  var traceExpands = false
  /// Where `.log` lines go, if anywhere (also registered with ``ShellLog``).
  var logOutput: OutputSink?
  /// `.progress`: the callback count, the limit (0: none) and the flags.
  var progress = ProgressSettings()
  /// `.nonce`: safe mode is off until the next dot-command ends.
  var isSafeModeSuspended = false

  /// The `.progress` settings and count, as sqlite3's `nProgress`, `mxProgress`, `flgProgress`.
  struct ProgressSettings {
    /// Callbacks so far (sqlite3 prints it as `%u`).
    var count: UInt32 = 0
    /// `--limit N`: interrupt when the count reaches N; 0 for never.
    var limit: Int32 = 0
    /// `--quiet`: print only at the limit.
    var isQuiet = false
    /// `--reset`: count from zero for each input and after each interrupt.
    var resets = false
    /// `--once`: interrupt at most once.
    var isOnce = false
    /// Whether a handler is installed.
    var isActive = false
  }
}

extension Shell {
  /// Writes one trace event as sqlite3's `sql_trace_callback` does.
  func writeTrace(_ event: TraceEvent) {
    guard let sink = redirection.trace else { return }
    if event.kind == .close {
      sink.write("-- closing database connection\n")
      return
    }
    guard let sql = event.sql else { return }
    var text = Substring(sql)
    while text.hasSuffix(";") { text = text.dropLast() }
    switch event.kind {
    case .profile(let nanoseconds): sink.write("\(text); -- \(nanoseconds) ns\n")
    default: sink.write("\(text);\n")
    }
  }

  /// sqlite3's `progress_handler`: counts, prints, and interrupts at the limit.
  func progressTick() -> Bool {
    var settings = diagnostics.progress
    defer { diagnostics.progress = settings }
    settings.count &+= 1
    if settings.limit > 0 && Int64(settings.count) >= Int64(settings.limit) {
      output.write("Progress limit reached (\(settings.count))\n")
      if settings.resets { settings.count = 0 }
      if settings.isOnce { settings.limit = 0 }
      return true
    }
    if !settings.isQuiet { output.write("Progress \(settings.count)\n") }
    return false
  }

  /// Prepares the current output for a statement: the row counter, and row-by-row hand-over
  /// when a trace, log or progress line may be written to it while rows stream.
  func prepareOutputForStatement() {
    output.rowCounter = display.rowsWritten
    output.interleavesWrites =
      redirection.trace === output || diagnostics.logOutput === output
      || diagnostics.progress.isActive
  }

  /// Called at the start of each chunk of SQL input: `.progress --reset` counts from zero.
  func startInputChunk() {
    if diagnostics.progress.resets { diagnostics.progress.count = 0 }
  }

  /// After the connection closed: writes what the close traced, closes trace and log files.
  func closeDiagnostics() {
    flush()
    DiagnosticCommands.closeTraceFile(of: self)
    guard let log = diagnostics.logOutput else { return }
    if log !== standardOutput, log !== errors { log.close() }
    diagnostics.logOutput = nil
    // Only a shell that routed the log has an entry to drop: the table's first use builds its
    // generic metadata at run time (a conformance scan, ~150k instructions and ~1 MiB of
    // pages touched), which a start that never used `.log` must not pay.
    ShellLog.route(to: nil)
  }

  /// Ends a `.nonce` suspension once a dot-command (other than `.nonce`) has run.
  func endSafeModeSuspension() {
    guard diagnostics.isSafeModeSuspended else { return }
    diagnostics.isSafeModeSuspended = false
    state.isSafe = true
  }
}
