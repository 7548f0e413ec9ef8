import SQLiteCore
import SQLiteShell

/// `-interactive` when standard input is not a terminal: sqlite3's interactive session, on a pipe.
///
/// sqlite3 reads such input through readline, which echoes each line after the prompt; litesh
/// does the same without libedit (which would need a terminal): the banner, then for every line
/// the prompt (main or continuation) and the line itself, then its results; at the end of
/// input one last prompt and a newline. A program drives such a session (``SessionAudience``),
/// so banner and prompts are sqlite3's bytes unless `LITESH_AUDIENCE=person` says otherwise.
/// Errors use the interactive wording (no line numbers) and `.bail` is ignored, as for a person
/// typing. Unlike sqlite3 nothing is added to the history file: scripted input is not something
/// a person typed.
final class EchoingSession {
  private let shell: Shell
  private let isTransient: Bool

  /// Creates a session over `shell`; `isTransient` adds the in-memory notice to the banner.
  init(shell: Shell, isTransient: Bool) {
    self.shell = shell
    self.isTransient = isTransient
  }

  /// Reads `reader` to the end (or `.quit`), echoing each line after its prompt.
  func run(_ reader: LineReader) {
    let out = shell.standardOutput
    out.write(Banner.text(for: shell.state.audience, isTransient: isTransient))
    _ = shell.openDatabase()
    while !shell.shouldExit {
      out.write(shell.isAwaitingContinuation ? shell.continuationPrompt : shell.mainPrompt)
      guard let line = reader.nextText(), shell.control.stopRequest() != .terminate else {
        out.write("\n")
        break
      }
      out.write(line)
      out.write("\n")
      shell.processLine(line)
      if shell.takeEditRequest() != nil {
        shell.errors.write("Error: .edit needs an interactive terminal\n")
      }
      shell.flush()
    }
    shell.flush()
  }
}
