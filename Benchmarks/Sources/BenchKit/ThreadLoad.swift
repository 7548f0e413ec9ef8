#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// W5 with synchronous callers (`callers=threads`): each reader is a thread of its own, as in
/// the C worker, calling a synchronous `read` in a loop, and so is the writer, calling a
/// synchronous `write`.
public enum ThreadLoad {
  /// Runs the load and returns how many lookups and write transactions completed.
  ///
  /// - Parameters:
  ///   - options: readers, rows, lookups per access (`batch`) and the duration.
  ///   - read: one synchronous access doing `batch` lookups; returns the generator advanced.
  ///   - write: one synchronous write transaction inserting the row with the given id.
  /// - Returns: the lookups and the writes done.
  /// - Throws: the first error a read or the write throws.
  public static func run(
    _ options: Options,
    read: @escaping @Sendable (Xorshift) throws -> Xorshift,
    write: @escaping @Sendable (Int64) throws -> Void
  ) async throws -> (reads: Int, writes: Int) {
    let deadline = ContinuousClock.now + .milliseconds(Int(options.seconds * 1000))
    let batch = options.batch
    let threads = (0..<options.readers).map { reader in
      LoopThread {
        var random = Xorshift(offset: UInt64(reader))
        var done = 0
        while ContinuousClock.now < deadline {
          random = try read(random)
          done += batch
        }
        return done
      }
    }
    let rows = Int64(options.rows)
    let writer = LoopThread {
      var id = rows
      var writes = 0
      while ContinuousClock.now < deadline {
        id += 1
        try write(id)
        writes += 1
      }
      return writes
    }
    var reads = 0
    for thread in threads { reads += try await thread.result() }
    return (reads, try await writer.result())
  }
}

/// One caller's loop on a thread of its own; its result is awaited without blocking a task.
private final class LoopThread: @unchecked Sendable {
  // @unchecked Sendable: `outcome` and `waiter` are only touched with `lock` held.
  private let body: @Sendable () throws -> Int
  private let lock = ThreadLock()
  private var outcome: Result<Int, any Error>?
  private var waiter: CheckedContinuation<Int, any Error>?

  init(_ body: @escaping @Sendable () throws -> Int) {
    self.body = body
    var thread = pthread_t()
    let context = Unmanaged.passRetained(self).toOpaque()
    pthread_create(
      &thread, nil,
      { raw in
        guard let raw else { return nil }
        Unmanaged<LoopThread>.fromOpaque(raw).takeRetainedValue().main()
        return nil
      }, context)
    pthread_detach(thread)
  }

  private func main() {
    let result = Result { try body() }
    let waiting = lock.withLock { () -> CheckedContinuation<Int, any Error>? in
      outcome = result
      return waiter
    }
    waiting?.resume(with: result)
  }

  func result() async throws -> Int {
    try await withCheckedThrowingContinuation { continuation in
      let done = lock.withLock { () -> Result<Int, any Error>? in
        if outcome == nil { waiter = continuation }
        return outcome
      }
      if let done { continuation.resume(with: done) }
    }
  }
}

/// A pthread mutex (BenchKit links no Foundation).
private final class ThreadLock: @unchecked Sendable {
  // @unchecked Sendable: the mutex is allocated once and only used through pthread calls.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t> = .allocate(capacity: 1)
  init() { pthread_mutex_init(mutex, nil) }
  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }
  func withLock<T>(_ body: () -> T) -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }
}
