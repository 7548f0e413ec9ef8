import Glibc
import SQLiteCore
import Synchronization

/// What a running `.bench` shares between its workers, the progress line and Ctrl-C: the stop
/// flag, live counters and the pool to interrupt.
final class BenchControl: Sendable {
  private let stopped = Atomic<Bool>(false)
  /// Reads finished so far (for progress lines).
  let reads = Atomic<Int>(0)
  /// Writes committed so far (for progress lines).
  let writes = Atomic<Int>(0)
  private let pool = Mutex<ConnectionPool?>(nil)

  /// Whether the run was asked to stop (Ctrl-C).
  var isStopped: Bool { stopped.load(ordering: .relaxed) }

  /// Stops the run: workers finish, and statements running now are interrupted.
  func stop() {
    stopped.store(true, ordering: .relaxed)
    pool.withLock { $0 }?.interrupt()
  }

  /// Sets the pool `stop()` interrupts (or clears it with `nil`).
  func attach(_ pool: ConnectionPool?) {
    self.pool.withLock { $0 = pool }
    if pool != nil, isStopped { pool?.interrupt() }
  }

  /// The monotonic clock in nanoseconds.
  static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }
}
