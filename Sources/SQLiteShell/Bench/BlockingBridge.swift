import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Runs asynchronous work to completion from the synchronous shell, the calling thread waiting.
///
/// The shell's input loop is synchronous; `.bench` drives the asynchronous ``ConnectionPool``.
/// The work runs in a detached task (never on the waiting thread), and the waiting thread wakes
/// every `tick` seconds to draw progress lines, which keeps all output on the shell's thread.
final class BlockingBridge<T: Sendable>: @unchecked Sendable {
  // @unchecked Sendable: `semaphore` is a POSIX semaphore made in `init` and destroyed in
  // `deinit`, after the last reference (the task's or the waiter's) is gone; `sem_post` and
  // `sem_timedwait` are thread-safe. The result crosses threads only through `result`'s Mutex.
  private let semaphore: UnsafeMutablePointer<sem_t>
  private let result = Mutex<Result<T, any Error>?>(nil)

  private init() {
    semaphore = .allocate(capacity: 1)
    sem_init(semaphore, 0, 0)
  }

  deinit {
    sem_destroy(semaphore)
    semaphore.deallocate()
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
      bridge.result.withLock { $0 = outcome }
      sem_post(bridge.semaphore)
    }
    while !bridge.wait(tick: tick) { onTick() }
    guard let outcome = bridge.result.withLock({ $0 }) else {
      throw CancellationError()
    }
    return try outcome.get()
  }

  /// Waits for the task; `false` when `tick` seconds passed first.
  private func wait(tick: Double?) -> Bool {
    guard let tick else {
      while sem_wait(semaphore) != 0 && errno == EINTR {}
      return true
    }
    var deadline = timespec()
    clock_gettime(CLOCK_REALTIME, &deadline)
    let nanoseconds = Int(deadline.tv_nsec) + Int(tick * 1e9)
    deadline.tv_sec += nanoseconds / 1_000_000_000
    deadline.tv_nsec = nanoseconds % 1_000_000_000
    while sem_timedwait(semaphore, &deadline) != 0 {
      if errno == ETIMEDOUT { return false }
      if errno != EINTR { return true }
    }
    return true
  }
}
