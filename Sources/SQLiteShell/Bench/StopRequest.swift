import Synchronization

/// A request, from another thread, that the shell's long-running work stop early.
///
/// The REPL's Ctrl-C watcher calls ``request()``; work that runs long without a statement of
/// the shell's connection to interrupt (a `.bench`) registers what stopping means while it runs.
/// A request while nothing is registered does nothing.
package final class StopRequest: Sendable {
  private let handler = Mutex<(@Sendable () -> Void)?>(nil)

  /// A request with no work registered.
  package init() {}

  /// Asks the work running now, if any, to stop.
  ///
  /// Safe from any thread, but not from a signal handler.
  package func request() {
    handler.withLock { $0 }?()
  }

  /// Runs `body` with `onStop` as what a request does meanwhile.
  func whileRunning<R>(onStop: @escaping @Sendable () -> Void, _ body: () throws -> R) rethrows
    -> R
  {
    handler.withLock { $0 = onStop }
    defer { handler.withLock { $0 = nil } }
    return try body()
  }
}
