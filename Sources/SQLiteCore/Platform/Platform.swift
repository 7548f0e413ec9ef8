// SQLiteCore's only platform imports: every call into the C library (threads, mutexes,
// conditions, clocks, `malloc`, `stat`) goes through the small wrappers below, so porting the
// library means reading this one file. `scripts/lint.sh` fails when another SQLiteCore file
// imports Glibc, Musl or Darwin.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A `pthread_mutex_t` at a fixed address (a mutex must not move once initialised).
///
/// A value type over a pointer: copies share one mutex; ``destroy()`` it exactly once, in the
/// owner's `deinit`. Mutexes and conditions are pthread ones rather than `Synchronization.Mutex`
/// so ThreadSanitizer sees every hand-over (see ``PoolLock``).
struct PlatformMutex {
  private let raw: UnsafeMutablePointer<pthread_mutex_t>

  init() {
    raw = .allocate(capacity: 1)
    raw.initialize(to: pthread_mutex_t())
    pthread_mutex_init(raw, nil)
  }

  func destroy() {
    pthread_mutex_destroy(raw)
    raw.deallocate()
  }

  @inline(__always)
  func lock() { pthread_mutex_lock(raw) }

  @inline(__always)
  func unlock() { pthread_mutex_unlock(raw) }

  /// For ``PlatformCondition`` only.
  fileprivate var pointer: UnsafeMutablePointer<pthread_mutex_t> { raw }
}

/// A `pthread_cond_t` at a fixed address, waited on with a ``PlatformMutex`` held.
///
/// Copies share one condition; ``destroy()`` it exactly once.
struct PlatformCondition {
  private let raw: UnsafeMutablePointer<pthread_cond_t>

  /// A condition whose timed waits (``wait(_:until:)``) use the monotonic clock when
  /// `monotonic`: a wall-clock change must not stretch or cut a wait.
  init(monotonic: Bool = false) {
    raw = .allocate(capacity: 1)
    raw.initialize(to: pthread_cond_t())
    if monotonic {
      var attributes = pthread_condattr_t()
      pthread_condattr_init(&attributes)
      #if !canImport(Darwin)
      // Darwin has no pthread_condattr_setclock; its timed waits are handled in `wait`.
      pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
      #endif
      pthread_cond_init(raw, &attributes)
      pthread_condattr_destroy(&attributes)
    } else {
      pthread_cond_init(raw, nil)
    }
  }

  func destroy() {
    pthread_cond_destroy(raw)
    raw.deallocate()
  }

  @inline(__always)
  func signal() { pthread_cond_signal(raw) }

  /// Releases `mutex`, sleeps until signalled (or woken spuriously), and takes `mutex` again.
  @inline(__always)
  func wait(_ mutex: PlatformMutex) { pthread_cond_wait(raw, mutex.pointer) }

  /// ``wait(_:)`` until `deadline` at the latest.
  ///
  /// - Returns: `false` when the deadline passed.
  func wait(_ mutex: PlatformMutex, until deadline: MonotonicDeadline) -> Bool {
    #if canImport(Darwin)
    // Darwin's condition waits take a relative time on its own clock.
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    var remaining = MonotonicDeadline.difference(deadline.time, now)
    if remaining.tv_sec < 0 { return false }
    return pthread_cond_timedwait_relative_np(raw, mutex.pointer, &remaining) != ETIMEDOUT
    #else
    var time = deadline.time
    return pthread_cond_timedwait(raw, mutex.pointer, &time) != ETIMEDOUT
    #endif
  }
}

/// A point on the monotonic clock, for ``PlatformCondition/wait(_:until:)``.
struct MonotonicDeadline {
  fileprivate let time: timespec

  /// `duration` from now.
  init(after duration: Duration) {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let (seconds, attoseconds) = duration.components
    let nanoseconds = Int(now.tv_nsec) + Int(attoseconds / 1_000_000_000)
    now.tv_sec += Int(seconds) + nanoseconds / 1_000_000_000
    now.tv_nsec = nanoseconds % 1_000_000_000
    time = now
  }

  #if canImport(Darwin)
  fileprivate static func difference(_ later: timespec, _ earlier: timespec) -> timespec {
    var seconds = later.tv_sec - earlier.tv_sec
    var nanoseconds = later.tv_nsec - earlier.tv_nsec
    if nanoseconds < 0 {
      seconds -= 1
      nanoseconds += 1_000_000_000
    }
    return timespec(tv_sec: seconds, tv_nsec: nanoseconds)
  }
  #endif
}

/// Threads of the process.
package enum PlatformThread {
  /// Starts a detached thread running `body`.
  ///
  /// - Returns: 0, or the error number when the thread could not start.
  package static func startDetached(_ body: @escaping @Sendable () -> Void) -> Int32 {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if canImport(Darwin)
    var thread: pthread_t?
    #else
    var thread = pthread_t()
    #endif
    let rc = pthread_create(
      &thread, nil,
      { raw in
        #if canImport(Darwin)
        let raw: UnsafeMutableRawPointer? = raw
        #endif
        guard let raw else { return nil }
        Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().body()
        return nil
      }, context)
    guard rc == 0 else {
      Unmanaged<ThreadBody>.fromOpaque(context).release()
      return rc
    }
    #if canImport(Darwin)
    if let thread { pthread_detach(thread) }
    #else
    pthread_detach(thread)
    #endif
    return 0
  }

  /// Raises the calling thread's nice value by `amount`, lowering its priority.
  ///
  /// Only where the platform keeps one per thread (Linux); elsewhere `setpriority` would change
  /// the whole process, so nothing happens. Raising it needs no privilege.
  static func lowerCurrentPriority(by amount: Int32) {
    #if os(Linux)
    guard amount > 0 else { return }
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, currentNiceValue + amount)
    #endif
  }

  /// The calling thread's nice value on Linux (0 elsewhere).
  static var currentNiceValue: Int32 {
    #if os(Linux)
    return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    #else
    return 0
    #endif
  }

  /// The calling thread's `pthread_self()` as an integer: unique among running threads, and
  /// never 0.
  @inline(__always)
  static var currentID: Int { Int(bitPattern: pthread_self()) }
}

/// The closure a thread started by ``PlatformThread/startDetached(_:)`` runs.
private final class ThreadBody: Sendable {
  let body: @Sendable () -> Void
  init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

/// Process memory and files.
enum PlatformMemory {
  /// `bytes` from `malloc`, never freed by Swift; `nil` when the allocation fails.
  static func allocateForever(bytes: Int) -> UnsafeMutableRawPointer? { malloc(bytes) }
}

enum PlatformFile {
  /// The size of a file in bytes, 0 when it does not exist.
  static func size(atPath path: String) -> Int64 {
    var info = stat()
    guard stat(path, &info) == 0 else { return 0 }
    return Int64(info.st_size)
  }
}

/// One pointer per thread (`pthread_key_t`), for the lifetime of the process.
struct PlatformThreadLocal: @unchecked Sendable {
  // @unchecked Sendable: a key is an integer the C library hands out once.
  private let key: pthread_key_t

  init() {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    self.key = key
  }

  /// The calling thread's pointer (`nil` until it sets one).
  @inline(__always)
  var value: UnsafeMutableRawPointer? { pthread_getspecific(key) }

  /// Sets the calling thread's pointer.
  func set(_ pointer: UnsafeMutableRawPointer?) { pthread_setspecific(key, pointer) }
}
