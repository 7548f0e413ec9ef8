@preconcurrency import Glibc
import SQLiteShell
import Synchronization

/// SIGINT handling for the REPL: Ctrl-C interrupts the running statement, or the prompt.
///
/// The handler is async-signal-safe: it only stores an atomic flag and writes one byte to a
/// pipe. A watcher thread reads the pipe and interrupts the statement that is running, through
/// the shell's thread-safe `InterruptTarget` (which follows `.open` and `.readers`); the session
/// sets it around each line, so a late Ctrl-C never hits the next line. Installed with `SA_RESTART`,
/// which ``LineEditor/readLine(prompt:)`` clears while it waits, so Ctrl-C ends that read.
enum InterruptSignal {
  private static let requested = Atomic<Bool>(false)
  private static let writeEnd = Atomic<Int32>(-1)
  private static let active = Mutex<InterruptTarget?>(nil)
  private static let observer = Mutex<(@Sendable () -> Void)?>(nil)

  /// Also runs `body` on each Ctrl-C, on the watcher thread: how work that is not a statement
  /// of the shell's connection (a running `.bench`) hears it.
  static func onInterrupt(_ body: @escaping @Sendable () -> Void) {
    observer.withLock { $0 = body }
  }

  /// Installs the handler and starts the watcher thread; call once.
  static func install() {
    guard let pipe = SignalWatcher.makePipe() else { return }
    requested.store(false, ordering: .sequentiallyConsistent)
    writeEnd.store(pipe.write, ordering: .sequentiallyConsistent)
    guard
      SignalWatcher.startThread(
        reading: pipe.read,
        {
          active.withLock { $0 }?.interrupt()
          observer.withLock { $0 }?()
        })
    else { return }
    SignalWatcher.install(SIGINT, flags: SA_RESTART) { _ in InterruptSignal.fire() }
  }

  /// Whether Ctrl-C was pressed since the last call; clears the flag.
  static func takeRequest() -> Bool {
    requested.exchange(false, ordering: .sequentiallyConsistent)
  }

  /// Whether Ctrl-C was pressed since the last ``takeRequest()``, leaving the flag as it is.
  static var isRequested: Bool { requested.load(ordering: .relaxed) }

  /// Runs `body` with Ctrl-C interrupting the statement running on `target` (whichever
  /// connection and readers the shell has at that moment); a Ctrl-C that came just before
  /// (after the prompt returned) interrupts at once.
  static func whileRunning<R>(_ target: InterruptTarget, _ body: () throws -> R) rethrows -> R {
    active.withLock { $0 = target }
    defer { active.withLock { $0 = nil } }
    if requested.load(ordering: .sequentiallyConsistent) { target.interrupt() }
    return try body()
  }

  /// The signal handler's whole work: atomics and `write(2)`.
  private static func fire() {
    requested.store(true, ordering: .sequentiallyConsistent)
    var byte: UInt8 = 1
    _ = write(writeEnd.load(ordering: .sequentiallyConsistent), &byte, 1)
  }

}
