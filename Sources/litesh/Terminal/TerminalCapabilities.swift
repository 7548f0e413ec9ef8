@preconcurrency import Glibc
import SQLiteShell

/// What the terminal around the REPL can do, read once at start-up.
struct TerminalCapabilities {
  /// Whether standard output is a terminal (results go to the screen).
  var isOutputTerminal: Bool
  /// Whether standard error is a terminal (messages go to the screen).
  var isErrorTerminal: Bool
  /// Whether the environment asks for no colour: `NO_COLOR` set, or `TERM` is `dumb`.
  var prefersNoColor: Bool
  /// Whether a person is at the keyboard (``SessionAudience``); a program gets sqlite3's bytes,
  /// so none of colour, the pager, the progress line or display-width alignment.
  var servesPerson = true

  /// Whether results reach a person's screen: colour, the pager and display-width alignment
  /// need it.
  var showsOutputToPerson: Bool { isOutputTerminal && servesPerson }
  /// Whether messages reach a person's screen: red errors and the progress line need it.
  var showsErrorsToPerson: Bool { isErrorTerminal && servesPerson }

  /// Reads the current process's terminal and environment, for `audience`.
  static func current(for audience: SessionAudience) -> TerminalCapabilities {
    var capabilities = current()
    capabilities.servesPerson = audience.isPerson
    return capabilities
  }

  /// Reads the current process's terminal and environment.
  static func current() -> TerminalCapabilities {
    let output = isatty(STDOUT_FILENO) != 0
    let errors = isatty(STDERR_FILENO) != 0
    let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
    let dumb = getenv("TERM").map { String(cString: $0) == "dumb" } ?? false
    return TerminalCapabilities(
      isOutputTerminal: output, isErrorTerminal: errors, prefersNoColor: noColor || dumb)
  }

  /// Whether to colour text for a terminal: `.color on` colours any terminal, `auto` one the
  /// environment does not ask to keep plain, `off` none; text that is not for a terminal never.
  func usesColor(_ setting: ShellState.TerminalSetting, isTerminal: Bool) -> Bool {
    switch setting {
    case .off: false
    case .on: isTerminal
    case .auto: isTerminal && !prefersNoColor
    }
  }

  /// The window size of standard output as rows and columns; 24×80 when it cannot be read.
  static func windowSize() -> (rows: Int, columns: Int) {
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 {
      return (Int(size.ws_row), Int(size.ws_col))
    }
    return (24, 80)
  }
}
