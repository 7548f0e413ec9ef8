import SQLiteCore
import SQLiteShell

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The interactive REPL: banner, prompts, line editing, history, completion and Ctrl-C.
///
/// Used only when standard input is a terminal (or `-interactive`); piped input never gets
/// here, so it never touches libedit or the history file.
final class InteractiveSession {
  /// The litesh version the banner shows.
  static let liteshVersion = "0.1.0"

  private let shell: any InteractiveShell
  private let history: HistoryFile
  private let completion: CompletionEngine
  private let terminal = TerminalCapabilities.current()
  private let progress: ProgressLine
  /// The lines typed for the statement in progress, recorded in history as one entry.
  private var entry: [String] = []
  private let transientNotice: Bool

  /// Creates a session over a shell; `isTransient` adds sqlite3's in-memory notice to the banner.
  init(
    shell: any InteractiveShell, dotCommandNames: [String], isTransient: Bool,
    historyPath: String? = HistoryFile.pathFromEnvironment()
  ) {
    self.shell = shell
    self.history = HistoryFile(path: historyPath)
    self.completion = CompletionEngine(dotCommandNames: dotCommandNames)
    self.progress = ProgressLine(isEnabled: terminal.isErrorTerminal)
    self.transientNotice = isTransient
  }

  /// Runs until Ctrl-D, `.quit` or `.exit`.
  func run() {
    InterruptSignal.install()
    LineEditor.setUp(
      wordBreakCharacters: CompletionEngine.wordBreakCharacters, historyLimit: HistoryFile.limit)
    LineEditor.completer = { [unowned self] line, cursor in
      completion.complete(
        line: line, cursor: cursor, pending: entry.joined(separator: "\n"),
        connection: shell.connection
      ).candidates
    }
    history.load()
    shell.style.usesDisplayWidth = terminal.isOutputTerminal
    installTerminalHooks()
    printBanner()
    _ = shell.openDatabase()
    while !shell.shouldExit {
      switch LineEditor.readLine(prompt: currentPrompt()) {
      case .endOfInput:
        Self.write("\n")
        history.save()
        return
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

  /// Feeds a typed (or recalled) line to the shell and records finished statements.
  private func run(_ text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    entry += lines
    for line in lines {
      progress.start()
      if let connection = shell.connection {
        InterruptSignal.whileRunning(connection.interruptHandle) { shell.processLine(line) }
      } else {
        shell.processLine(line)
      }
      progress.finish()
      shell.flush()
      if shell.shouldExit { break }
    }
    if !shell.isAwaitingContinuation || shell.shouldExit {
      history.add(entry.joined(separator: "\n"))
      entry = []
    }
  }

  /// Erases the progress line before any output reaches the screen, and shows error messages
  /// in red on a colour terminal (never with `NO_COLOR`, never when not a terminal).
  private func installTerminalHooks() {
    let progress = progress
    shell.standardOutput.aroundWrite = { isAfter in
      if !isAfter { progress.finish() }
    }
    let coloursErrors = terminal.allowsColor && terminal.isErrorTerminal
    shell.errors.aroundWrite = { isAfter in
      if !isAfter { progress.finish() }
      if coloursErrors { Self.writeError(isAfter ? "\u{1B}[0m" : "\u{1B}[31m") }
    }
  }

  private static func writeError(_ text: String) {
    var text = text
    text.withUTF8 { buffer in _ = Glibc.write(STDERR_FILENO, buffer.baseAddress, buffer.count) }
  }

  /// The prompt due now, marked with `*` while a transaction is open.
  private func currentPrompt() -> String {
    let prompt = shell.isAwaitingContinuation ? shell.continuationPrompt : shell.mainPrompt
    guard shell.connection?.isInsideTransaction ?? false, prompt.hasSuffix("> ") else {
      return prompt
    }
    return String(prompt.dropLast(2)) + "*> "
  }

  private func printBanner() {
    let source = Connection.sqliteSourceID.prefix(19)
    var banner =
      "litesh \(Self.liteshVersion) (SQLite version \(Connection.sqliteVersion) \(source))\n"
    banner += "Enter \".help\" for usage hints.\n"
    if transientNotice {
      banner += "Connected to a transient in-memory database.\n"
      banner += "Use \".open FILENAME\" to reopen on a persistent database.\n"
    }
    Self.write(banner)
  }

  private static func write(_ text: String) {
    var text = text
    text.withUTF8 { buffer in _ = Glibc.write(STDOUT_FILENO, buffer.baseAddress, buffer.count) }
  }
}
