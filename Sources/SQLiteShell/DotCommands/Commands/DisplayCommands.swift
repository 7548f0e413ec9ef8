import Synchronization

/// `.maxrows` and `.last`: the display mode's commands.
enum DisplayCommands {
  /// `.maxrows auto|N`; with no argument, prints the setting.
  static let maxrows: DotCommand.Handler = { shell, arguments in
    guard let word = arguments.first else {
      shell.output.write("maxrows: \(describe(shell.state.style.display))\n")
      return .success
    }
    guard arguments.count == 1 else {
      shell.errors.write("Usage: .maxrows auto|N\n")
      return .failure
    }
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

  /// The `.maxrows` setting as `.show` and `.maxrows` print it.
  static func describe(_ settings: DisplaySettings) -> String {
    guard let rows = settings.maxRows else { return "auto" }
    return rows == 0 ? "0 (all)" : String(rows)
  }

  /// `.last`: the last result drawn in the display mode, every row, through the pager.
  static let last: DotCommand.Handler = { shell, arguments in
    guard arguments.isEmpty else {
      shell.errors.write("Usage: .last\n")
      return .failure
    }
    let spool = shell.display.lastResult
    guard spool.columnNames != nil else {
      shell.errors.write(
        "Error: no result to show: .last keeps the last result of the display mode\n")
      return .failure
    }
    guard spool.isComplete else {
      shell.errors.write(
        "Error: the last result could not be kept: writing its temporary file failed ($TMPDIR or /tmp)\n"
      )
      return .failure
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
