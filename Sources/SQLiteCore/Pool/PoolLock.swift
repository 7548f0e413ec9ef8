/// A value behind a `pthread_mutex_t`: the pool's state lock, and the package's lock for state
/// that threads share where ThreadSanitizer must see the hand-over (`package`: the shell's log
/// routing uses it too).
///
/// Why not `Synchronization.Mutex`: on Linux its contended path hands the lock over inside the
/// kernel (`FUTEX_LOCK_PI`), which ThreadSanitizer cannot see, so every contended critical
/// section is reported as a race. The pool tests must run clean under TSan, and TSan intercepts
/// `pthread_mutex_lock`. The cost is the same order (an uncontended lock is one atomic).
package final class PoolLock<Value: Sendable>: @unchecked Sendable {
  // @unchecked Sendable: `value` is only read or written with `mutex` held, which is allocated
  // once in `init` and freed in `deinit`.
  private let mutex = PlatformMutex()
  private var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  deinit { mutex.destroy() }

  /// Runs `body` with exclusive access to the value; `body` must not suspend or call SQLite.
  @inline(__always)
  package func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
    mutex.lock()
    defer { mutex.unlock() }
    return try body(&value)
  }
}
