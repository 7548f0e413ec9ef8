import Dispatch
import Synchronization

/// Runs an `async` call from the shell's synchronous code and waits for its result.
///
/// The shell reads lines and writes results synchronously; the read pool is `async`. The bridge
/// starts a task whose executor is the calling thread itself: the caller runs the task's jobs
/// as they become ready and sleeps in between, so a call costs only the hops the pool makes
/// (to a reader's thread and back), never a wake-up of Swift's cooperative pool, and it cannot
/// dead-lock when every cooperative thread is busy (tests run on them).
enum CallerThreadBridge {
  /// Runs `operation` to completion and returns its result (or throws its error).
  static func run<T: Sendable>(
    _ operation: @escaping @Sendable () async throws -> T
  ) throws -> T {
    let executor = CallerExecutor()
    let result = Outcome<T>()
    Task(executorPreference: executor) {
      let outcome: Result<T, any Error>
      do {
        outcome = .success(try await operation())
      } catch {
        outcome = .failure(error)
      }
      result.value.withLock { $0 = outcome }
      executor.finish()
    }
    executor.runUntilFinished()
    guard let outcome = result.value.withLock({ $0 }) else {
      throw CancellationError()
    }
    return try outcome.get()
  }
}

/// Where the bridged task leaves its result for the waiting thread.
private final class Outcome<T: Sendable>: Sendable {
  let value = Mutex<Result<T, any Error>?>(nil)
}

/// A task executor whose jobs run on the thread that waits in ``runUntilFinished()``.
///
/// Jobs that arrive after the wait ended (a child task outliving the call) go to the global
/// concurrent executor, so nothing is ever stranded.
private final class CallerExecutor: TaskExecutor {
  private struct State {
    var jobs: [UnownedJob] = []
    var isFinished = false
    var isDraining = true
  }

  private let state = Mutex(State())
  private let wakeUp = DispatchSemaphore(value: 0)

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    // Once the waiting thread sees the job it may finish and drop its reference to this
    // executor: keep it alive until the signal is sent.
    let retained = Unmanaged.passRetained(self)
    defer { retained.release() }
    let queued = state.withLock { state -> Bool in
      guard state.isDraining else { return false }
      state.jobs.append(job)
      return true
    }
    if queued {
      wakeUp.signal()
    } else {
      globalConcurrentExecutor.enqueue(job)
    }
  }

  /// Called by the task as its last step: the waiting thread returns once the queue is empty.
  func finish() {
    state.withLock { $0.isFinished = true }
    wakeUp.signal()
  }

  /// Runs the task's jobs on this thread until the task has finished.
  func runUntilFinished() {
    let executor = asUnownedTaskExecutor()
    while true {
      wakeUp.wait()
      let (jobs, isFinished) = state.withLock { state in
        defer { state.jobs.removeAll() }
        return (state.jobs, state.isFinished)
      }
      for job in jobs { job.runSynchronously(on: executor) }
      if isFinished {
        let leftover = state.withLock { state in
          defer {
            state.jobs.removeAll()
            state.isDraining = false
          }
          return state.jobs
        }
        for job in leftover { job.runSynchronously(on: executor) }
        return
      }
    }
  }
}
