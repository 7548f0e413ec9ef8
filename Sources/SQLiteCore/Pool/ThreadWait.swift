/// A thread blocked until another thread hands it a result: a synchronous read waiting for a
/// reader, or the shell waiting for `.bench`'s task between progress ticks.
///
/// Built on a pthread condition (``PlatformCondition``), like ``PoolLock``, so ThreadSanitizer sees the hand-over.
package final class ThreadWait<Value: Sendable>: @unchecked Sendable {
  // @unchecked Sendable: `result` is only read or written with `mutex` held; `mutex` and
  // `condition` are allocated once in `init` and freed in `deinit`.
  private let mutex = PlatformMutex()
  // Deadlines on the monotonic clock: a wall-clock change must not stretch or cut a wait.
  private let condition = PlatformCondition(monotonic: true)
  private var result: Result<Value, any Error>?

  package init() {}

  deinit {
    condition.destroy()
    mutex.destroy()
  }

  /// Hands the waiting thread its result (the first one given wins).
  package func resume(_ outcome: Result<Value, any Error>) {
    mutex.lock()
    if result == nil { result = outcome }
    condition.signal()
    mutex.unlock()
  }

  /// Blocks until a result arrives, or until `timeout` passes (then `nil`).
  package func wait(timeout: Duration?) -> Result<Value, any Error>? {
    let deadline = timeout.map { MonotonicDeadline(after: $0) }
    mutex.lock()
    defer { mutex.unlock() }
    while result == nil {
      if let deadline {
        if !condition.wait(mutex, until: deadline) { return result }
      } else {
        condition.wait(mutex)
      }
    }
    return result
  }
}
