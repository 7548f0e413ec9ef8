@preconcurrency import Glibc
import Synchronization

/// Tells formatters, ten times a second, that buffered rows are due on their file descriptor,
/// so a slow query's rows appear as they are found while a fast dump still writes 64 KiB blocks.
///
/// One thread sets ``isDue`` every ``interval``; a formatter reads it after each row (one
/// relaxed atomic load: nothing measurable on the hot path), flushes, and calls ``consume()``.
/// When a tick finds the flag still set (no row was written for a whole interval) the thread
/// parks until the next ``consume()``, so an idle shell gets no wake-ups; the flag stays set
/// meanwhile, so the first row after a pause (a slow query's next match) is flushed at once.
///
/// A row written less than an interval after the previous flush waits in the buffer for the
/// next row, the end of the statement, or the next read of input: flushing from inside a long
/// `sqlite3_step` would need SQLite's progress handler, which `.progress` owns.
final class FlushTicker: @unchecked Sendable {
  // @unchecked: `wakeUp` is a POSIX semaphore allocated once and never freed (the ticker lives
  // as long as the process); `sem_post`/`sem_wait` are thread-safe. The rest is atomics.

  /// The process-wide ticker; its thread starts on first use.
  static let shared = FlushTicker()

  /// How often rows are flushed at most.
  static let interval = timespec(tv_sec: 0, tv_nsec: 100_000_000)

  /// Set at first: the first row ever written is flushed at once.
  private let due = Atomic<Bool>(true)
  private let isParked = Atomic<Bool>(false)
  private let wakeUp: UnsafeMutablePointer<sem_t>

  private init() {
    wakeUp = .allocate(capacity: 1)
    sem_init(wakeUp, 0, 0)
    // The thread holds the ticker, which lives as long as the process anyway.
    DetachedThread.start { self.run() }
  }

  /// Whether an interval passed since rows were last flushed.
  @inline(__always)
  var isDue: Bool { due.load(ordering: .relaxed) }

  /// Records that rows were just flushed, waking the thread if it parked.
  func consume() {
    due.store(false, ordering: .sequentiallyConsistent)
    if isParked.exchange(false, ordering: .sequentiallyConsistent) { sem_post(wakeUp) }
  }

  private func run() {
    while true {
      var pause = Self.interval
      var left = timespec()
      while nanosleep(&pause, &left) != 0 && errno == EINTR { pause = left }
      // The flag was clear: rows were flushed during the interval; keep ticking.
      if !due.exchange(true, ordering: .sequentiallyConsistent) { continue }
      // Nothing was flushed for a whole interval: park until a writer consumes the flag. A
      // consume between these steps either finds `isParked` set (and posts) or clears `due`
      // before it is read here (and the thread takes `isParked` back itself).
      isParked.store(true, ordering: .sequentiallyConsistent)
      if !due.load(ordering: .sequentiallyConsistent),
        isParked.exchange(false, ordering: .sequentiallyConsistent)
      {
        continue
      }
      while sem_wait(wakeUp) != 0 && errno == EINTR {}
    }
  }
}
