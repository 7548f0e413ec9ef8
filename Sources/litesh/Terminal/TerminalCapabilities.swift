@preconcurrency import Glibc

/// What the terminal around the REPL can do, read once at start-up.
struct TerminalCapabilities {
  /// Whether standard output is a terminal (results go to the screen).
  var isOutputTerminal: Bool
  /// Whether standard error is a terminal (messages go to the screen).
  var isErrorTerminal: Bool
  /// Whether colour is wanted: both a terminal and no `NO_COLOR`, and `TERM` is not `dumb`.
  var allowsColor: Bool

  /// Reads the current process's terminal and environment.
  static func current() -> TerminalCapabilities {
    let output = isatty(STDOUT_FILENO) != 0
    let errors = isatty(STDERR_FILENO) != 0
    let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
    let dumb = getenv("TERM").map { String(cString: $0) == "dumb" } ?? false
    return TerminalCapabilities(
      isOutputTerminal: output, isErrorTerminal: errors, allowsColor: output && !noColor && !dumb)
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
