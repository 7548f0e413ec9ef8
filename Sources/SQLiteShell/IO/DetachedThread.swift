@preconcurrency import Glibc

/// Starts POSIX threads that nobody joins, for work that must not wait on Swift's cooperative
/// pool: the flush ticker, the terminal's progress line, the signal watchers.
package enum DetachedThread {
  /// Starts a detached thread that runs `body` and ends when it returns; the thread holds
  /// `body` (and what it captures) until then.
  /// - Returns: whether the thread started; `body` never runs when it did not.
  @discardableResult
  package static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
    let work = Unmanaged.passRetained(Work(body))
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { argument in
        guard let argument else { return nil }
        Unmanaged<Work>.fromOpaque(argument).takeRetainedValue().body()
        return nil
      }, work.toOpaque())
    guard started == 0 else {
      work.release()
      return false
    }
    pthread_detach(thread)
    return true
  }

  /// The closure a thread runs, boxed to pass through `pthread_create`'s one pointer.
  private final class Work: Sendable {
    let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
}
