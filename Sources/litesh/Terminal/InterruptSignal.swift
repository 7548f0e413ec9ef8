import SQLiteShell
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

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
  private static let readEnd = Atomic<Int32>(-1)
  private static let active = Mutex<InterruptTarget?>(nil)
  private static let observer = Mutex<(@Sendable () -> Void)?>(nil)

  /// Also runs `body` on each Ctrl-C, on the watcher thread: how work that is not a statement
  /// of the shell's connection (a running `.bench`) hears it.
  static func onInterrupt(_ body: @escaping @Sendable () -> Void) {
    observer.withLock { $0 = body }
  }

  /// Installs the handler and starts the watcher thread; call once.
  static func install() {
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else { return }
    _ = fcntl(descriptors[1], F_SETFL, O_NONBLOCK)
    _ = fcntl(descriptors[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(descriptors[1], F_SETFD, FD_CLOEXEC)
    requested.store(false, ordering: .sequentiallyConsistent)
    writeEnd.store(descriptors[1], ordering: .sequentiallyConsistent)
    readEnd.store(descriptors[0], ordering: .sequentiallyConsistent)
    var thread = pthread_t()
    guard pthread_create(&thread, nil, { _ in InterruptSignal.watch() }, nil) == 0 else {
      return
    }
    pthread_detach(thread)
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in InterruptSignal.fire() }
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    sigaction(SIGINT, &action, nil)
    // A parent may have started us with SIGINT blocked; Ctrl-C must still work.
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, SIGINT)
    pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
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

  private static func watch() -> UnsafeMutableRawPointer? {
    var byte: UInt8 = 0
    let descriptor = readEnd.load(ordering: .sequentiallyConsistent)
    while true {
      let count = read(descriptor, &byte, 1)
      if count < 0, errno == EINTR { continue }
      if count <= 0 { return nil }
      active.withLock { $0 }?.interrupt()
      observer.withLock { $0 }?()
    }
  }
}
