import SQLiteCore
import SQLiteShell

/// Adapts the foundation `Shell` to the REPL until the engine exposes the interactive API.
///
/// Temporary: it tracks pending SQL itself with `sqlite3_complete`, which the engine does for
/// real (dot-commands, `go`, comments).
final class BasicInteractiveShell: InteractiveShell {
  private let shell: Shell
  private var pending = ""

  init(_ shell: Shell) { self.shell = shell }

  func processLine(_ line: String) {
    if pending.isEmpty, line.hasPrefix(".") {
      if line.hasPrefix(".q") || line.hasPrefix(".exit") { shouldExit = true }
      return
    }
    pending += pending.isEmpty ? line : "\n" + line
    shell.processLine(line)
    if Connection.isComplete(pending) || pending.allSatisfy(\.isWhitespace) {
      pending = ""
      shell.finish()
    }
  }

  var isAwaitingContinuation: Bool { !pending.isEmpty }
  let mainPrompt = "litesh> "
  let continuationPrompt = "   ...> "
  func discardPendingInput() { pending = "" }
  private(set) var shouldExit = false
  var connection: Connection { shell.connection }
  var style: OutputStyle {
    get { shell.style }
    set { shell.style = newValue }
  }
}
