@preconcurrency import Glibc
import SQLiteCore
import SQLiteShell

/// The interactive REPL: banner, prompts, line editing, history, completion and Ctrl-C.
///
/// Used only when standard input is a terminal; piped input never gets here, so it never
/// touches libedit or the history file.
///
/// For a program at the other end of the terminal (``SessionAudience``: `TERM=dumb`, as in
/// Emacs's comint) the session is sqlite3's: its banner and prompts, no transaction marker,
/// and no libedit at all. Lines are read through the terminal's own line discipline, so
/// nothing is drawn but the prompt: libedit (and sqlite3's readline) redraw the line with
/// carriage returns, backspaces and bells when the terminal echoes, and take a TAB in the
/// input as a completion request. Without libedit there is no history and no completion.
final class InteractiveSession {
  let shell: any InteractiveShell
  private let history: HistoryFile
  private let completion: CompletionEngine
  let terminal: TerminalCapabilities
  let progress: ProgressLine
  let pager = Pager()
  /// The lines typed for the statement in progress, recorded in history as one entry.
  private var entry: [String] = []
  private let transientNotice: Bool

  /// Creates a session over a shell; `isTransient` adds sqlite3's in-memory notice to the banner.
  init(
    shell: any InteractiveShell, dotCommandNames: [String], isTransient: Bool,
    historyPath: String? = HistoryFile.pathFromEnvironment()
  ) {
    self.shell = shell
    self.terminal = TerminalCapabilities.current(for: shell.state.audience)
    self.history = HistoryFile(path: historyPath)
    self.completion = CompletionEngine(dotCommandNames: dotCommandNames)
    self.progress = ProgressLine(
      isEnabled: terminal.showsErrorsToPerson, rows: shell.display.rowsWritten)
    self.transientNotice = isTransient
  }

  /// Runs until Ctrl-D, `.quit` or `.exit`.
  func run() {
    InterruptSignal.install()
    // A pager that quits early must not kill the shell: writes to it fail with EPIPE instead.
    signal(SIGPIPE, SIG_IGN)
    if terminal.servesPerson,
      let failure = LineEditor.setUp(
        wordBreakCharacters: CompletionEngine.wordBreakCharacters, historyLimit: HistoryFile.limit)
    {
      shell.errors.write(
        "litesh: warning: no line editing, history or completion: cannot load libedit"
          + " (\(failure.message))\n")
      shell.flush()
    }
    LineEditor.completer = { [unowned self] line, cursor in
      let found = completion.complete(
        line: line, cursor: cursor, pending: entry.joined(separator: "\n"),
        connection: shell.connection)
      return (found.word, found.candidates)
    }
    history.load()
    shell.style.usesDisplayWidth = terminal.showsOutputToPerson
    installTerminalHooks()
    // The shell outlives the session: its exit warning must not reach a destroyed session.
    defer { removeTerminalHooks() }
    printBanner()
    _ = shell.openDatabase()
    while !shell.shouldExit && shell.control.stopRequest() == nil {
      switch LineEditor.readLine(prompt: currentPrompt()) {
      case .endOfInput:
        Self.write("\n")
        history.save()
        return
      case .interrupted where shell.control.stopRequest() != nil:
        // SIGTERM or SIGHUP at the prompt: leave as Ctrl-D does.
        Self.write("\n")
      case .interrupted:
        Self.write("^C\n")
        shell.discardPendingInput()
        entry = []
      case .line(let text):
        run(text)
      }
    }
    history.save()
  }

  /// Feeds a typed (or recalled, or edited) text to the shell line by line and records
  /// finished statements in history.
  ///
  /// `.edit` on a line of its own while a statement is pending edits that statement (the
  /// shell would otherwise take the line as more SQL); text the editor returns is shown and
  /// run as if typed, and recorded as its own history entry.
  private func run(_ text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for line in lines {
      if shell.isAwaitingContinuation, Self.isEditCommand(line) {
        edit(entry.joined(separator: "\n"), isPending: true)
      } else {
        entry.append(line)
        runLine(line)
        if let request = shell.takeEditRequest() { edit(request, isPending: false) }
      }
      if shell.shouldExit || shell.control.stopRequest() != nil { break }
    }
    if !shell.isAwaitingContinuation || shell.shouldExit { recordEntry() }
  }

  /// Runs the editor on `text` (the pending statement, or the last one for `.edit`), then
  /// shows and runs what it returns; a failing editor changes nothing.
  private func edit(_ text: String, isPending: Bool) {
    switch ExternalEditor.edit(text) {
    case .failure(let failure):
      shell.errors.write("Error: \(failure.message)\n")
      shell.flush()
    case .success(let edited):
      if isPending {
        shell.discardPendingInput()
        entry = []
      } else {
        recordEntry()
      }
      guard !edited.isEmpty else { return }
      Self.write(edited + "\n")
      _ = InterruptSignal.takeRequest()
      run(edited)
    }
  }

  private func recordEntry() {
    history.add(entry.joined(separator: "\n"))
    entry = []
  }

  /// Whether `line` is `.edit` alone (an abbreviation as the registry accepts it).
  static func isEditCommand(_ line: String) -> Bool {
    var word = Substring(line)
    while let last = word.last, last == " " || last == "\t" { word = word.dropLast() }
    guard word.hasPrefix("."), !word.contains(" ") else { return false }
    return DotCommandRegistry.standard.resolve(String(word.dropFirst()))?.name == "edit"
  }

  /// The prompt due now; for a person the main prompt shows an open transaction
  /// (`litesh[tx:2]> `), for a program it stays the one it waits for.
  private func currentPrompt() -> String {
    if shell.isAwaitingContinuation { return shell.continuationPrompt }
    guard terminal.servesPerson else { return shell.mainPrompt }
    return shell.transactions.marking(prompt: shell.mainPrompt)
  }

  private func printBanner() {
    Self.write(Banner.text(for: shell.state.audience, isTransient: transientNotice))
  }

  static func write(_ text: String) {
    var text = text
    text.withUTF8 { buffer in _ = Glibc.write(STDOUT_FILENO, buffer.baseAddress, buffer.count) }
  }
}
