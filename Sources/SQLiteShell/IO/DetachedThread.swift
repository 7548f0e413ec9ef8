import SQLiteCore

/// Starts POSIX threads that nobody joins, for work that must not wait on Swift's cooperative
/// pool: the flush ticker, the terminal's progress line, the signal watchers.
package enum DetachedThread {
  /// Starts a detached thread that runs `body` and ends when it returns.
  ///
  /// The thread holds `body` (and what it captures) until then. SQLiteCore's ``PlatformThread`` starts it, as
  /// it starts the pool's connection threads.
  /// - Returns: whether the thread started; `body` never runs when it did not.
  @discardableResult
  package static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
    PlatformThread.startDetached(body) == 0
  }
}
