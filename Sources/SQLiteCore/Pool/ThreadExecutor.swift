#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A serial executor that runs every job on one dedicated thread.
///
/// Blocking SQLite calls made from an actor on this executor tie up that thread only, never
/// Swift's cooperative pool (which is as wide as the core count). The thread starts in `init`
/// and exits after ``stop()`` once its queue is empty.
final class ThreadExecutor: SerialExecutor, @unchecked Sendable {
  // @unchecked Sendable: `jobs` and `isStopping` are only read or written with `mutex` held;
  // `mutex` and `condition` are allocated once in `init` and freed in `deinit`, which runs only
  // after the thread (which holds a strong reference until it exits) has finished.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  private var jobs: [UnownedJob] = []
  private var isStopping = false

  /// Starts the thread.
  init() throws(SQLiteError) {
    mutex = .allocate(capacity: 1)
    condition = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
    let context = Unmanaged.passRetained(self).toOpaque()
    var thread = pthread_t()
    let rc = pthread_create(
      &thread, nil,
      { raw in
        guard let raw else { return nil }
        let executor = Unmanaged<ThreadExecutor>.fromOpaque(raw).takeRetainedValue()
        executor.runLoop()
        return nil
      }, context)
    guard rc == 0 else {
      Unmanaged<ThreadExecutor>.fromOpaque(context).release()
      throw SQLiteError(code: .error, message: "cannot start a connection thread (errno \(rc))")
    }
    pthread_detach(thread)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    pthread_mutex_lock(mutex)
    jobs.append(job)
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  /// Lets the thread exit once the jobs already queued have run.
  func stop() {
    pthread_mutex_lock(mutex)
    isStopping = true
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
  }

  private func runLoop() {
    let executor = asUnownedSerialExecutor()
    var batch: [UnownedJob] = []
    while true {
      pthread_mutex_lock(mutex)
      while jobs.isEmpty && !isStopping {
        pthread_cond_wait(condition, mutex)
      }
      if jobs.isEmpty {
        pthread_mutex_unlock(mutex)
        return
      }
      swap(&batch, &jobs)
      pthread_mutex_unlock(mutex)
      for job in batch {
        job.runSynchronously(on: executor)
      }
      batch.removeAll(keepingCapacity: true)
    }
  }
}
