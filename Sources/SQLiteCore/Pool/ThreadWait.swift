#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread blocked until another thread hands it a result: a synchronous read waiting for a
/// reader, or the shell waiting for `.bench`'s task between progress ticks.
///
/// Built on `pthread_cond_t`, like ``PoolLock``, so ThreadSanitizer sees the hand-over.
package final class ThreadWait<Value: Sendable>: @unchecked Sendable {
  // @unchecked Sendable: `result` is only read or written with `mutex` held; `mutex` and
  // `condition` are allocated once in `init` and freed in `deinit`.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  private var result: Result<Value, any Error>?

  package init() {
    mutex = .allocate(capacity: 1)
    condition = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    // Deadlines on the monotonic clock: a wall-clock change must not stretch or cut a wait.
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(condition, &attributes)
    pthread_condattr_destroy(&attributes)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Hands the waiting thread its result (the first one given wins).
  package func resume(_ outcome: Result<Value, any Error>) {
    pthread_mutex_lock(mutex)
    if result == nil { result = outcome }
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
  }

  /// Blocks until a result arrives, or until `timeout` passes (then `nil`).
  package func wait(timeout: Duration?) -> Result<Value, any Error>? {
    var deadline = timespec()
    if let timeout {
      clock_gettime(CLOCK_MONOTONIC, &deadline)
      let (seconds, attoseconds) = timeout.components
      let nanoseconds = Int(deadline.tv_nsec) + Int(attoseconds / 1_000_000_000)
      deadline.tv_sec += Int(seconds) + nanoseconds / 1_000_000_000
      deadline.tv_nsec = nanoseconds % 1_000_000_000
    }
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while result == nil {
      if timeout == nil {
        pthread_cond_wait(condition, mutex)
      } else if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT {
        return result
      }
    }
    return result
  }
}
