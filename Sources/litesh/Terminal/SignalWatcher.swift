@preconcurrency import Glibc
import SQLiteShell

/// What both of litesh's signal handlers are built from: a self-pipe the handler writes one
/// byte to (all a handler may safely do besides atomics), a thread that reads the pipe and does
/// the real work, and the handler's installation.
enum SignalWatcher {
  /// A new pipe whose write end never blocks (a handler must not), both ends closed on exec.
  static func makePipe() -> (read: Int32, write: Int32)? {
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else { return nil }
    for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    _ = fcntl(descriptors[1], F_SETFL, O_NONBLOCK)
    return (descriptors[0], descriptors[1])
  }

  /// Starts a detached thread that runs `onSignal` for each byte read from `descriptor`, until
  /// the pipe fails or closes.
  /// - Returns: whether the thread started.
  @discardableResult
  static func startThread(reading descriptor: Int32, _ onSignal: @escaping @Sendable () -> Void)
    -> Bool
  {
    DetachedThread.start { watch(descriptor, onSignal) }
  }

  /// Installs `handler` for `signal` with `flags` (`SA_RESTART` or 0), and unblocks the signal:
  /// a parent may have started litesh with it blocked.
  static func install(
    _ signal: Int32, flags: Int32, handler: @escaping @convention(c) (Int32) -> Void
  ) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = flags
    sigaction(signal, &action, nil)
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, signal)
    pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
  }

  /// A watcher thread's loop: `onSignal` for each byte read, until the pipe fails or closes.
  private static func watch(_ descriptor: Int32, _ onSignal: @Sendable () -> Void) {
    var byte: UInt8 = 0
    while true {
      let count = read(descriptor, &byte, 1)
      if count < 0, errno == EINTR { continue }
      if count <= 0 { return }
      onSignal()
    }
  }
}
