@preconcurrency import Glibc
import SQLiteCore
import SQLiteShell

/// Where a statement's output goes on the terminal: colour, the pager, the progress line.
extension InteractiveSession {
  /// Runs one line through the shell: colour and pager set for it, Ctrl-C interrupting it, the
  /// progress line shown while it runs, its output written (or paged) before returning.
  func runLine(_ line: String) {
    let toTerminal = shell.output === shell.standardOutput && terminal.showsOutputToPerson
    let colours = terminal.usesColor(shell.state.color, isTerminal: toTerminal)
    shell.style.decoration = colours ? .terminal : nil
    pager.begin(shell.state.pager, isTerminal: toTerminal)
    progress.start()
    InterruptSignal.whileRunning(shell.control.interruptTarget) { shell.processLine(line) }
    progress.finish()
    shell.flush()
    pager.end()
  }

  /// Sends results and messages through the pager, erases the progress line before any of
  /// them reaches the screen, and shows error messages in red on a colour terminal.
  func installTerminalHooks() {
    let progress = progress
    let pager = pager
    pager.onQuit = { [unowned self] in
      shell.control.interruptTarget.interrupt()
      shell.control.workStop.request()  // `.last` drawing a long result
    }
    // While the pager has the screen nothing may draw on it: the line stays off until the end
    // of the line being run (output blocked by a pager waiting for a key is not work).
    pager.onStart = { progress.finish() }
    shell.display.startsFullResult = { pager.startFullResult() }
    shell.standardOutput.aroundWrite = { isAfter in
      if !isAfter { progress.restart() }
    }
    shell.standardOutput.redirect = { bytes in pager.write(bytes) }
    shell.standardOutput.isInterrupted = { InterruptSignal.isRequested }
    shell.errors.redirect = { [unowned self] bytes in
      let red = terminal.usesColor(shell.state.color, isTerminal: terminal.showsErrorsToPerson)
      progress.whileErased {
        guard red else { return pager.writeError(bytes) }
        // The colour ends before the message's newline: after it, a pager shows the reset as
        // a line of its own.
        let endsLine = bytes.last == 0x0A
        Self.withBytes("\u{1B}[31m") { pager.writeError($0) }
        pager.writeError(endsLine ? UnsafeRawBufferPointer(rebasing: bytes.dropLast()) : bytes)
        Self.withBytes(endsLine ? "\u{1B}[0m\n" : "\u{1B}[0m") { pager.writeError($0) }
      }
    }
  }

  /// Sends output straight to the descriptors again, as before ``installTerminalHooks()``.
  func removeTerminalHooks() {
    shell.flush()
    pager.onQuit = {}
    shell.display.startsFullResult = nil
    shell.standardOutput.aroundWrite = nil
    shell.standardOutput.redirect = nil
    shell.errors.redirect = nil
  }

  private static func withBytes(_ text: String, _ body: (UnsafeRawBufferPointer) -> Void) {
    var text = text
    text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
  }
}
