@preconcurrency import CEditLine
@preconcurrency import Glibc

/// The libedit line editor, through its readline-compatible API.
///
/// libedit keeps its state in C globals, so this is a namespace over one process-wide editor,
/// used only from the main thread. Only the files in this folder touch libedit.
enum LineEditor {
  /// What one call to ``readLine(prompt:)`` produced.
  enum Input: Equatable {
    /// A line (for a recalled multi-line history entry, several lines joined by `\n`).
    case line(String)
    /// Ctrl-C at the prompt: the line was abandoned.
    case interrupted
    /// Ctrl-D on an empty line, or the end of input.
    case endOfInput
  }

  /// The completion callback: the whole line and the cursor as a UTF-8 offset, to candidates.
  nonisolated(unsafe) static var completer: (String, Int) -> [String] = { _, _ in [] }
  nonisolated(unsafe) private static var matches: [String] = []
  nonisolated(unsafe) private static var nextMatch = 0

  /// Prepares libedit: locale (without it non-ASCII input vanishes), completion, word breaks.
  ///
  /// libedit's own signal handling is turned off (`rl_catch_signals = 0`): its handler passes
  /// each signal on with `kill(0, …)`, to the whole process group, so a SIGTERM sent to litesh
  /// would also reach the shell script that started it. ``readLine(prompt:)`` instead lets
  /// SIGINT, SIGTERM and SIGHUP interrupt the terminal read; libedit still reads the window
  /// size before each line.
  static func setUp(wordBreakCharacters: String, historyLimit: Int32) {
    rl_catch_signals = 0
    setlocale(LC_CTYPE, "")
    rl_readline_name = UnsafePointer(strdup("litesh"))
    rl_attempted_completion_function = attemptedCompletion
    rl_basic_word_break_characters = UnsafePointer(strdup(wordBreakCharacters))
    using_history()
    stifle_history(historyLimit)
  }

  /// Shows `prompt` and reads one edited line.
  static func readLine(prompt: String) -> Input {
    _ = InterruptSignal.takeRequest()
    let restarting = interruptingRead()
    defer { restoreRestart(restarting) }
    errno = 0
    guard let pointer = readline(prompt) else {
      return errno == EINTR || InterruptSignal.takeRequest() ? .interrupted : .endOfInput
    }
    defer { free(pointer) }
    if InterruptSignal.takeRequest() { return .interrupted }
    return .line(String(cString: pointer))
  }

  /// Clears `SA_RESTART` from the SIGINT handler so Ctrl-C makes the terminal read return
  /// `EINTR` (and `readline()` return); returns whether it was set.
  private static func interruptingRead() -> Bool {
    var action = sigaction()
    guard sigaction(SIGINT, nil, &action) == 0, action.sa_flags & SA_RESTART != 0 else {
      return false
    }
    action.sa_flags &= ~SA_RESTART
    return sigaction(SIGINT, &action, nil) == 0
  }

  /// Puts `SA_RESTART` back on the SIGINT handler after the read, if it was there.
  private static func restoreRestart(_ wasSet: Bool) {
    guard wasSet else { return }
    var action = sigaction()
    guard sigaction(SIGINT, nil, &action) == 0 else { return }
    action.sa_flags |= SA_RESTART
    sigaction(SIGINT, &action, nil)
  }

  /// The terminal size libedit tracks (it handles SIGWINCH), as rows and columns.
  static var screenSize: (rows: Int, columns: Int) {
    var rows: Int32 = 0
    var columns: Int32 = 0
    rl_get_screen_size(&rows, &columns)
    return (Int(rows), Int(columns))
  }

  private static let generator:
    @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = {
      _, state in
      if state == 0 {
        let line = rl_line_buffer.map { String(cString: $0) } ?? ""
        matches = completer(line, Int(rl_point))
        nextMatch = 0
        let onlyDirectory = matches.count == 1 && (matches.first?.hasSuffix("/") ?? false)
        let opensCall = matches.count == 1 && (matches.first?.hasSuffix("(") ?? false)
        let utf8 = Array(line.utf8)
        let point = Int(rl_point)
        let beforeSpace = point < utf8.count && (utf8[point] == 0x20 || utf8[point] == 0x09)
        rl_completion_append_character = onlyDirectory || opensCall || beforeSpace ? 0 : 0x20
      }
      guard nextMatch < matches.count else { return nil }
      defer { nextMatch += 1 }
      return strdup(matches[nextMatch])
    }

  private static let attemptedCompletion:
    @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<
      UnsafeMutablePointer<CChar>?
    >? = { text, _, _ in
      rl_attempted_completion_over = 1
      return rl_completion_matches(text, generator)
    }
}
