@preconcurrency import Glibc

/// The libedit line editor, through its readline-compatible API.
///
/// libedit keeps its state in C globals, so this is a namespace over one process-wide editor,
/// used only from the main thread. Only the files in this folder touch libedit, which
/// ``EditLineLibrary`` loads when the REPL starts.
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

  /// The completion callback: the whole line and the cursor as a UTF-8 offset, to the word
  /// before the cursor and the candidates that replace it.
  nonisolated(unsafe) static var completer: (String, Int) -> (word: String, candidates: [String]) =
    { _, _ in ("", []) }
  nonisolated(unsafe) private static var matches: [String] = []
  nonisolated(unsafe) private static var nextMatch = 0

  /// libedit, once ``setUp(wordBreakCharacters:historyLimit:)`` loaded it; `nil` before, or
  /// when it could not be loaded (lines are then read plainly: no editing, history or TAB).
  nonisolated(unsafe) private(set) static var library: EditLineLibrary?

  /// Loads and prepares libedit: locale (without it non-ASCII input vanishes), completion,
  /// word breaks; returns why it could not be loaded, if it could not.
  ///
  /// libedit's own signal handling is turned off (`rl_catch_signals = 0`): its handler passes
  /// each signal on with `kill(0, …)`, to the whole process group, so a SIGTERM sent to litesh
  /// would also reach the shell script that started it. ``readLine(prompt:)`` instead lets
  /// SIGINT, SIGTERM and SIGHUP interrupt the terminal read; libedit still reads the window
  /// size before each line.
  static func setUp(wordBreakCharacters: String, historyLimit: Int32)
    -> EditLineLibrary.LoadFailure?
  {
    setlocale(LC_CTYPE, "")
    let library: EditLineLibrary
    switch EditLineLibrary.load() {
    case .failure(let failure): return failure
    case .success(let loaded): library = loaded
    }
    self.library = library
    library.catchSignals.pointee = 0
    library.readlineName.pointee = UnsafePointer(strdup("litesh"))
    library.attemptedCompletionFunction.pointee = attemptedCompletion
    library.basicWordBreakCharacters.pointee = UnsafePointer(strdup(wordBreakCharacters))
    library.usingHistory()
    library.stifleHistory(historyLimit)
    library.preInputHook.pointee = enterEditMode
    bindLineMotion(library)
    return nil
  }

  /// Puts the terminal in edit mode before the prompt is shown.
  ///
  /// libedit's `readline()` sets the terminal back to the mode it found (the line discipline
  /// on), shows the prompt, and only at the first key read leaves that mode. A key pressed in
  /// between was seen by the line discipline: Ctrl-D at the start of a line became an
  /// end-of-file mark that edit mode then delivers as a NUL byte, which libedit ignores, so a
  /// Ctrl-D pressed as the prompt appeared left litesh waiting; typed letters were echoed
  /// twice. With edit mode set here, whatever follows the prompt reaches libedit as typed.
  private static let enterEditMode: @convention(c) () -> Int32 = {
    library?.prepareTerminal(1)
    return 0
  }

  /// Up and Down move between the lines of a multi-line statement (a recalled entry, or
  /// one pasted), and through history only from its first or last line; Ctrl-Up and
  /// Ctrl-Down (or Alt-) always move between lines.
  ///
  /// libedit's readline layer keeps its editor private, so no function of ours can move the
  /// cursor, and `ed-prev-line` on a first line only beeps. What it does allow: a named
  /// command (`rl_add_defun`) runs with `rl_line_buffer` and `rl_point` brought up to date,
  /// and `rl_insert` pushes a key onto the input, read next as if typed. So Up runs
  /// `litesh-up`, which looks where the cursor is and pushes the key of `ed-prev-line`
  /// (Ctrl-^, bound here) or of `ed-prev-history` (Ctrl-P, libedit's default); Down
  /// likewise with Ctrl-_ and Ctrl-N. `rl_add_defun` also binds the letter it is given (the
  /// last byte of the arrow's sequence, which is how the command learns its key), so `A`
  /// and `B` are bound back to `ed-insert`. Bound after libedit read `~/.editrc`.
  private static func bindLineMotion(_ library: EditLineLibrary) {
    let lines = [
      "bind \"\\036\" ed-prev-line", "bind \"\\037\" ed-next-line",
      "bind \"\\e[1;5A\" ed-prev-line", "bind \"\\e[1;5B\" ed-next-line",
      "bind \"\\e[1;3A\" ed-prev-line", "bind \"\\e[1;3B\" ed-next-line",
    ]
    for line in lines { _ = library.parseAndBind(line) }
    guard library.addDefun("litesh-up", lineUp, Int32(UInt8(ascii: "A"))) == 0,
      library.addDefun("litesh-down", lineDown, Int32(UInt8(ascii: "B"))) == 0
    else { return }
    for line in [
      "bind A ed-insert", "bind B ed-insert",
      "bind \"\\e[A\" litesh-up", "bind \"\\eOA\" litesh-up",
      "bind \"\\e[B\" litesh-down", "bind \"\\eOB\" litesh-down",
    ] {
      _ = library.parseAndBind(line)
    }
  }

  /// The keys `litesh-up` and `litesh-down` push: Ctrl-^ and Ctrl-_ (bound to
  /// `ed-prev-line` and `ed-next-line` above), Ctrl-P and Ctrl-N (libedit's history keys).
  private static let previousLineKey: Int32 = 0x1E
  private static let nextLineKey: Int32 = 0x1F
  private static let previousEntryKey: Int32 = 0x10
  private static let nextEntryKey: Int32 = 0x0E

  /// Whether the line being edited has a newline before (`before`) or after the cursor.
  private static func hasLine(before: Bool) -> Bool {
    guard let library, let buffer = library.lineBuffer.pointee else { return false }
    let point = Int(library.point.pointee)
    let length = strlen(buffer)
    let range = before ? 0..<min(point, length) : min(point, length)..<length
    return range.contains { buffer[$0] == 0x0A }
  }

  private static let lineUp: EditLineLibrary.CommandFunction = { _, _ in
    guard let library else { return 0 }
    return library.pushKey(1, hasLine(before: true) ? previousLineKey : previousEntryKey)
  }

  private static let lineDown: EditLineLibrary.CommandFunction = { _, _ in
    guard let library else { return 0 }
    return library.pushKey(1, hasLine(before: false) ? nextLineKey : nextEntryKey)
  }

  /// Whether standard output is a terminal.
  ///
  /// When it is not (`litesh db | tee log`), libedit neither edits nor shows the prompt; lines
  /// are read plainly instead, with the prompt on standard output, as sqlite3's readline shows it.
  private static let outputIsTerminal = isatty(STDOUT_FILENO) != 0

  /// Shows `prompt` and reads one edited line.
  static func readLine(prompt: String) -> Input {
    _ = InterruptSignal.takeRequest()
    let restarting = interruptingRead()
    defer { restoreRestart(restarting) }
    errno = 0
    let editor = outputIsTerminal ? library : nil
    guard let pointer = editor.map({ $0.readline(prompt) }) ?? plainReadLine(prompt) else {
      return errno == EINTR || InterruptSignal.takeRequest() ? .interrupted : .endOfInput
    }
    defer { free(pointer) }
    if InterruptSignal.takeRequest() { return .interrupted }
    return .line(String(cString: pointer))
  }

  /// Without libedit: the prompt, then one line as the terminal's own line discipline edits
  /// it (a `malloc`ed C string without its newline, as `readline()` returns it).
  private static func plainReadLine(_ prompt: String) -> UnsafeMutablePointer<CChar>? {
    _ = prompt.withCString { fputs($0, stdout) }
    fflush(stdout)
    var line: UnsafeMutablePointer<CChar>?
    var capacity = 0
    let length = getline(&line, &capacity, stdin)
    guard length >= 0, let line else {
      let error = errno
      clearerr(stdin)
      free(line)
      errno = error
      return nil
    }
    if length > 0, line[length - 1] == 0x0A { line[length - 1] = 0 }
    return line
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

  private static let generator: EditLineLibrary.CompletionEntry = {
    text, state in
    if state == 0 {
      guard let library else { return nil }
      let line = library.lineBuffer.pointee.map { String(cString: $0) } ?? ""
      let point = Int(library.point.pointee)
      let found = completer(line, point)
      let replaced = text.map { String(cString: $0) } ?? found.word
      matches = aligned(found.candidates, word: found.word, to: replaced)
      nextMatch = 0
      let onlyDirectory = matches.count == 1 && (matches.first?.hasSuffix("/") ?? false)
      let opensCall = matches.count == 1 && (matches.first?.hasSuffix("(") ?? false)
      let utf8 = Array(line.utf8)
      // No space before one already there, nor before a closing `)`, `,`, `;` or quote.
      let beforeSeparator = point < utf8.count && " \t),;\"'`]".utf8.contains(utf8[point])
      library.completionAppendCharacter.pointee =
        onlyDirectory || opensCall || beforeSeparator ? 0 : 0x20
    }
    guard nextMatch < matches.count else { return nil }
    defer { nextMatch += 1 }
    return strdup(matches[nextMatch])
  }

  /// The candidates for `word` made to replace `replaced`, the word libedit replaces.
  ///
  /// libedit finds its word with the same break characters, except right after a quote: in
  /// `t."` it steps back over the quote and takes `t."`, where the engine completes the empty
  /// word after it. The difference is put back in front (or taken off) of each candidate.
  static func aligned(_ candidates: [String], word: String, to replaced: String) -> [String] {
    if replaced == word { return candidates }
    if replaced.hasSuffix(word) {
      let extra = String(replaced.dropLast(word.count))
      return candidates.map { extra + $0 }
    }
    guard word.hasSuffix(replaced) else { return [] }
    let extra = String(word.dropLast(replaced.count))
    return candidates.filter { $0.hasPrefix(extra) }.map { String($0.dropFirst(extra.count)) }
  }

  private static let attemptedCompletion: EditLineLibrary.AttemptedCompletion = {
    text, _, _ in
    guard let library else { return nil }
    library.attemptedCompletionOver.pointee = 1
    return library.completionMatches(text, generator)
  }
}
