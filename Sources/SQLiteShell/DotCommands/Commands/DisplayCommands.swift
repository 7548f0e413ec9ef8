import Synchronization

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let last = DotCommand(
    "last", minimumPrefix: 3, origin: .litesh, handler: DisplayCommands.last,
    help: """
      .last                    Show the last display-mode result again, complete
           Every row, whole columns, through $LITESH_PAGER, else $PAGER, else
           "less -SRX"; the rows are kept as they were, the statement is not re-run
      """)
  static let maxrows = DotCommand(
    "maxrows", minimumPrefix: 3, origin: .litesh, handler: DisplayCommands.maxrows,
    help: """
      .maxrows auto|N          Rows the display mode draws: the first and last N/2
           The display mode (.mode display) is the default when a person reads the
           results on a terminal: a box fitted to the window, NULL shown, numbers
           right-aligned, a footer counting all rows; elsewhere it prints list mode.
           auto (default): as many as fit the window's height.  0: every row
      """)
}

/// `.maxrows` and `.last`: the display mode's commands.
enum DisplayCommands {
  /// `.maxrows auto|N`; with no argument, prints the setting.
  static let maxrows: DotCommand.Handler = { shell, arguments in
    shell.oneValueSetting(.maxrows, arguments, current: describe(shell.state.style.display)) {
      word in
      if word == "auto" {
        shell.state.style.display.maxRows = nil
        return .success
      }
      guard let count = Int(word), count >= 0 else {
        shell.errors.write(
          "Error: .maxrows wants auto or a number of rows (0: all), not \"\(word)\"\n")
        return .failure
      }
      shell.state.style.display.maxRows = count
      return .success
    }
  }

  /// The `.maxrows` setting as `.show` and `.maxrows` print it.
  static func describe(_ settings: DisplaySettings) -> String {
    guard let rows = settings.maxRows else { return "auto" }
    return rows == 0 ? "0 (all)" : String(rows)
  }

  /// `.last`: the last result drawn in the display mode, every row, through the pager.
  static let last: DotCommand.Handler = { shell, arguments in
    guard arguments.isEmpty else { return shell.usageFailure(.last) }
    let spool = shell.display.lastResult
    guard spool.columnNames != nil else {
      shell.errors.write(
        "Error: no result to show: .last keeps the last result of the display mode\n")
      return .failure
    }
    switch spool.failure {
    case .writeFailed?:
      shell.errors.write(
        "Error: the last result could not be kept: writing its temporary file failed ($TMPDIR or /tmp)\n"
      )
      return .failure
    case .tooLarge(let limit)?:
      let size = limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit >> 10) KiB"
      shell.errors.write(
        "Error: the last result was not kept: it passed \(size), half the space that was free in $TMPDIR (or /tmp)\n"
      )
      return .failure
    case nil: break
    }
    let since = shell.display.resultsWritten - shell.display.keptResultNumber
    if since > 0 {
      shell.errors.write(
        "Note: not the latest result; \(since) result\(since == 1 ? "" : "s") in other modes"
          + " came after it\n")
    }
    var style = shell.state.style
    if !shell.writesResultsToScreen { style.decoration = nil }
    shell.output.flush()
    if shell.writesResultsToScreen { shell.display.startsFullResult?() }
    var writer = BufferedWriter(shell.output)
    // Ctrl-C, or quitting the pager (`q` in less), ends the drawing at once.
    let stopped = StopFlag()
    let stop: @Sendable () -> Void = { stopped.value.store(true, ordering: .relaxed) }
    shell.control.workStop.whileRunning(onStop: stop) {
      DisplayFormatter.writeLast(spool, style: style, to: &writer) {
        stopped.value.load(ordering: .relaxed)
      }
    }
    writer.finish()
    return .success
  }
}

/// Set from another thread when `.last` should stop drawing.
private final class StopFlag: Sendable {
  let value = Atomic<Bool>(false)
}
