#if canImport(Glibc)
import Glibc
#endif

/// Runs asynchronous work to completion from the synchronous shell, the calling thread waiting.
///
/// The shell's input loop is synchronous; `.bench` drives the asynchronous ``ConnectionPool``.
/// The work runs in a detached task (never on the waiting thread), and the waiting thread wakes
/// every `tick` seconds to draw progress lines, which keeps all output on the shell's thread.
final class BlockingBridge<T: Sendable>: @unchecked Sendable {
  // @unchecked Sendable: `mutex` and `condition` are made in `init` and destroyed in `deinit`,
  // after the last reference (the task's or the waiter's) is gone; `outcome` is only read or
  // written with `mutex` held.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  private var outcome: Result<T, any Error>?

  private init() {
    mutex = .allocate(capacity: 1)
    condition = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    // Ticks on the monotonic clock: a wall-clock change must not stretch or cut one.
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

  /// Runs `body` and waits for it, calling `onTick` every `tick` seconds meanwhile.
  static func run(
    tick: Double?, onTick: () -> Void, _ body: @escaping @Sendable () async throws -> T
  ) throws -> T {
    let bridge = BlockingBridge()
    Task.detached {
      let outcome: Result<T, any Error>
      do {
        outcome = .success(try await body())
      } catch {
        outcome = .failure(error)
      }
      bridge.finish(outcome)
    }
    while true {
      if let outcome = bridge.wait(tick: tick) { return try outcome.get() }
      onTick()
    }
  }

  private func finish(_ result: Result<T, any Error>) {
    pthread_mutex_lock(mutex)
    outcome = result
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
  }

  /// Waits for the task's outcome; `nil` when `tick` seconds passed first.
  private func wait(tick: Double?) -> Result<T, any Error>? {
    var deadline = timespec()
    if let tick {
      clock_gettime(CLOCK_MONOTONIC, &deadline)
      let nanoseconds = Int(deadline.tv_nsec) + Int(tick * 1e9)
      deadline.tv_sec += nanoseconds / 1_000_000_000
      deadline.tv_nsec = nanoseconds % 1_000_000_000
    }
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while outcome == nil {
      if tick == nil {
        pthread_cond_wait(condition, mutex)
      } else if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT {
        return outcome
      }
    }
    return outcome
  }
}
