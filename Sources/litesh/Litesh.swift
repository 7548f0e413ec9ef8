import Glibc
import SQLiteCore
import SQLiteShell

@main
enum Litesh {
  static func main() {
    // Before anything initialises SQLite: `.log` only chooses where these lines go.
    ShellLog.installSQLiteHandler()
    let output = OutputSink(.fileDescriptor(1))
    let errors = OutputSink(.fileDescriptor(2))
    // Unbuffered like C's stderr where the order against standard output can be seen: both in
    // one pipe or file (`2>&1`). Elsewhere (a terminal, separate files) the order cannot show,
    // and neither this nor the flush before each line is worth its write(2) calls.
    errors.writesThrough = isatty(2) == 0 && sharesOneFile(1, 2)
    output.flushesRowsOnTime = !errors.writesThrough
    if errors.writesThrough { output.blockSize = stdioBufferSize(1) }
    var launcher = ShellLauncher(
      arguments: CommandLine.arguments, argumentBytes: rawArguments(), output: output,
      errors: errors,
      isTerminal: isatty(0) != 0, homeDirectory: ShellLauncher.defaultHomeDirectory())
    launcher.configFilePath = ConfigFile.path(
      environment: environmentValue, homeDirectory: launcher.homeDirectory)
    launcher.audience = SessionAudience.decide(
      inputIsTerminal: isatty(0) != 0, outputIsTerminal: isatty(1) != 0,
      environment: environmentValue)
    if let value = SessionAudience.unrecognizedOverride(environmentValue) {
      errors.write("litesh: warning: LITESH_AUDIENCE=\(value) is ignored: person or program\n")
      errors.flush()
    }
    // Before `-init`, `-cmd` and SQL arguments run: Ctrl-C interrupts their statements as
    // sqlite3's does (`Error: stepping, interrupted`, status 9), SIGTERM leaves cleanly.
    launcher.onShellCreated = { shell in
      TerminationSignal.install(for: shell, batchInterrupt: true)
      // The display mode reads the window's size before drawing each result, so a resize
      // (SIGWINCH) since the last one is always seen; no handler has to catch the signal.
      if isatty(1) != 0 { shell.display.windowSize = TerminalCapabilities.windowSize }
      // Before the database opens: Ctrl-C at the REPL also cuts a wait for a lock short.
      if isatty(0) != 0 { InterruptibleSleep.install { InterruptSignal.isRequested } }
    }
    switch launcher.start() {
    case .finished(let code):
      exit(TerminationSignal.exitStatus(code))
    case .readInput(let shell):
      if shell.state.isInteractive {
        // The REPL goes on after a Ctrl-C during `-cmd`, and owns SIGINT from here.
        TerminationSignal.releaseInterrupt()
        runInteractive(shell)
      } else {
        shell.run(standardInput())
      }
      // The one way out: a transaction left open is rolled back and reported here.
      shell.close(reason: TerminationSignal.leaveReason)
      exit(TerminationSignal.exitStatus(shell.exitStatus))
    }
  }

  /// The environment variable `name`, if set.
  ///
  /// A function, not a closure written in `main()`: such a closure was isolated to the main actor
  /// as `main()` is, and checked at each call that it ran there, which loaded the concurrency
  /// runtime's executors at every start (two to four 64 KiB blocks of its code faulted in;
  /// callgrind showed `swift_task_isCurrentExecutor`).
  static func environmentValue(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// Whether two descriptors lead to the same file or pipe (one is a copy of the other).
  static func sharesOneFile(_ first: Int32, _ second: Int32) -> Bool {
    var a = stat()
    var b = stat()
    guard fstat(first, &a) == 0, fstat(second, &b) == 0 else { return false }
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino
  }

  /// The buffer glibc gives a fully buffered stream on `descriptor`: its `st_blksize`, at most
  /// `BUFSIZ` (4 KiB for a pipe or most files).
  static func stdioBufferSize(_ descriptor: Int32) -> Int {
    var status = stat()
    let size = fstat(descriptor, &status) == 0 ? Int(status.st_blksize) : 0
    return size > 0 && size < Int(BUFSIZ) ? size : Int(BUFSIZ)
  }

  /// `argv` as the exact bytes given: `CommandLine.arguments` replaced what is not UTF-8.
  static func rawArguments() -> [SQLText] {
    (0..<Int(CommandLine.argc)).map { index in
      CommandLine.unsafeArgv[index].map { SQLText(cString: $0) } ?? SQLText()
    }
  }

  /// Standard input, whose reads end when a termination signal comes.
  static func standardInput() -> LineReader {
    let reader = LineReader(fileDescriptor: 0)
    reader.stopDescriptor = TerminationSignal.stopDescriptor
    return reader
  }

  /// The libedit REPL (Sources/litesh/Terminal) when standard input is a terminal; with
  /// `-interactive` on a pipe or file, the echoing session instead (no libedit, no history).
  static func runInteractive(_ shell: Shell) {
    // sqlite3 shows the in-memory notice only when started with no arguments at all.
    let isTransient = CommandLine.arguments.count == 1
    if isatty(0) == 0 {
      EchoingSession(shell: shell, isTransient: isTransient).run(standardInput())
    } else {
      InterruptSignal.onInterrupt { [workStop = shell.control.workStop] in workStop.request() }
      InteractiveSession(
        shell: shell, dotCommandNames: shell.registry.implemented.map(\.name),
        isTransient: isTransient
      ).run()
    }
    shell.finish()
  }
}
