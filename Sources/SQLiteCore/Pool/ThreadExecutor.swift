import Synchronization

/// A serial executor that runs every job on one dedicated thread.
///
/// Blocking SQLite calls made from an actor on this executor tie up that thread only, never
/// Swift's cooperative pool (which is as wide as the core count). A ``ThreadTaskExecutor``
/// runs a whole task on the same thread (``ConnectionPool/withReaderAffinity(_:)``), so going
/// from that task to the actor and back never wakes another thread. The thread starts in
/// `init` and exits after ``stop()`` once its queue is empty and nothing is pinned (``pin()``).
final class ThreadExecutor: SerialExecutor, @unchecked Sendable {
  // @unchecked Sendable: `jobs`, `isStopping`, `hasExited` and `pins` are only read or written
  // with `mutex` held; `thread` is atomic;
  // `mutex` and `condition` are allocated once in `init` and freed in `deinit`, which runs only
  // after the thread (which holds a strong reference until it exits) has finished.
  private let mutex = PlatformMutex()
  private let condition = PlatformCondition()
  private var jobs: [Job] = []
  private var isStopping = false
  private var pins = 0
  private var hasExited = false
  /// The thread's ``PlatformThread/currentID``, stored by the thread itself when it starts (0 before it
  /// starts and after it exits).
  private let thread = Atomic<Int>(0)

  /// Starts the thread, `niceness` below the process's priority (see
  /// ``ConnectionPool/Configuration/readerThreadNiceness``).
  init(niceness: Int32 = 0) throws(SQLiteError) {
    // The thread holds a strong reference to the executor until its loop returns.
    let rc = PlatformThread.startDetached {
      PlatformThread.lowerCurrentPriority(by: niceness)
      self.runLoop()
    }
    guard rc == 0 else {
      throw SQLiteError(code: .error, message: "cannot start a connection thread (errno \(rc))")
    }
  }

  deinit {
    condition.destroy()
    mutex.destroy()
  }

  /// A queued job, and the task executor it was enqueued on (`nil`: this serial executor).
  private typealias Job = (job: UnownedJob, taskExecutor: UnownedTaskExecutor?)

  func enqueue(_ job: consuming ExecutorJob) {
    enqueue(UnownedJob(job), taskExecutor: nil)
  }

  /// Queues a job for this thread, to run on `taskExecutor` or, when `nil`, on this executor.
  func enqueue(_ job: UnownedJob, taskExecutor: UnownedTaskExecutor?) {
    mutex.lock()
    jobs.append((job, taskExecutor))
    condition.signal()
    mutex.unlock()
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  /// Whether the calling code runs on this executor's thread.
  var isCurrent: Bool {
    thread.load(ordering: .relaxed) == PlatformThread.currentID
  }

  /// Keeps the thread running, even after ``stop()``, until the matching ``unpin()``: a task
  /// that prefers this executor may enqueue jobs on it at any time.
  ///
  /// - Returns: false, pinning nothing, when the thread has already exited.
  func pin() -> Bool {
    mutex.lock()
    defer { mutex.unlock() }
    if hasExited { return false }
    pins += 1
    return true
  }

  /// Ends a ``pin()``.
  func unpin() {
    mutex.lock()
    pins -= 1
    condition.signal()
    mutex.unlock()
  }

  /// Lets the thread exit once the jobs already queued have run.
  func stop() {
    mutex.lock()
    isStopping = true
    condition.signal()
    mutex.unlock()
  }

  /// The executor whose thread is the calling thread, if any.
  private static let currentExecutor = PlatformThreadLocal()

  /// The executor running the calling thread (`nil` on any other thread).
  static var current: ThreadExecutor? {
    guard let raw = currentExecutor.value else { return nil }
    return Unmanaged<ThreadExecutor>.fromOpaque(raw).takeUnretainedValue()
  }

  /// Runs `body` as if on no connection's thread: a task `body` resumes under
  /// ``ResumeHereExecutor`` goes to the global pool instead of queueing behind the running job.
  ///
  /// For a hand-over made inside a closure that may block this thread afterwards (a
  /// synchronous read inside a write's or a read's closure): the task handed a reader must not
  /// wait for the very thread that waits for that reader.
  static func resumingElsewhere<R>(_ body: () throws -> R) rethrows -> R {
    let saved = currentExecutor.value
    guard saved != nil else { return try body() }
    currentExecutor.set(nil)
    defer { currentExecutor.set(saved) }
    return try body()
  }

  private func runLoop() {
    thread.store(PlatformThread.currentID, ordering: .relaxed)
    // Unretained: the thread holds the executor until this loop returns.
    Self.currentExecutor.set(Unmanaged.passUnretained(self).toOpaque())
    defer { Self.currentExecutor.set(nil) }
    let executor = asUnownedSerialExecutor()
    var batch: [Job] = []
    while true {
      mutex.lock()
      while jobs.isEmpty && (!isStopping || pins > 0) {
        condition.wait(mutex)
      }
      if jobs.isEmpty {
        hasExited = true
        // A later thread may get this one's ID: it must not pass for this executor's.
        thread.store(0, ordering: .relaxed)
        mutex.unlock()
        return
      }
      swap(&batch, &jobs)
      mutex.unlock()
      for (job, taskExecutor) in batch {
        if let taskExecutor {
          job.runSynchronously(on: taskExecutor)
        } else {
          job.runSynchronously(on: executor)
        }
      }
      batch.removeAll(keepingCapacity: true)
    }
  }
}

/// A task executor that runs a task's jobs on a ``ThreadExecutor``'s thread.
///
/// It pins the thread (``ThreadExecutor/pin()``) for as long as it lives, so the thread never
/// exits while a task may still enqueue on it.
final class ThreadTaskExecutor: TaskExecutor {
  private let thread: ThreadExecutor

  /// A task executor on `thread`; `nil` when that thread has already exited (its connection
  /// was closed).
  init?(_ thread: ThreadExecutor) {
    guard thread.pin() else { return nil }
    self.thread = thread
  }

  deinit { thread.unpin() }

  func enqueue(_ job: consuming ExecutorJob) {
    thread.enqueue(UnownedJob(job), taskExecutor: asUnownedTaskExecutor())
  }
}

/// A task executor that runs a job on the connection thread that enqueues it, and from any other
/// thread on Swift's global pool.
///
/// ``ConnectionPool/read(_:)`` runs under it, so the wake-ups of a read are saved where a
/// reader's thread is awake anyway: a task returning from its read's closure does its check-in
/// right there, and a task waiting for a reader, handed that reader by a check-in on its
/// thread, goes on there and runs its closure on the same thread, with no other thread woken.
/// Under load (more reading tasks than readers) a reader's thread goes from one read to the
/// next without sleeping. The read leaves for the global pool before its caller's code runs.
final class ResumeHereExecutor: TaskExecutor {
  static let shared = ResumeHereExecutor()

  func enqueue(_ job: consuming ExecutorJob) {
    if let thread = ThreadExecutor.current {
      thread.enqueue(UnownedJob(job), taskExecutor: asUnownedTaskExecutor())
    } else {
      globalConcurrentExecutor.enqueue(job)
    }
  }
}
