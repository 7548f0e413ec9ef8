/// Who holds the writer of a ``ConnectionPool``, as ``PoolStatistics`` reports it.
public enum WriterState: String, Sendable, Hashable {
  /// Nobody: the next write starts at once.
  case idle
  /// A `write`, `writeWithoutTransaction`, barrier or checkpoint is running.
  case writing
  /// A ``WriterSession`` holds the writer, maybe with a transaction open.
  case session
  /// The pool is closed.
  case closed
}

/// A FIFO lock on the writer: writes and sessions take turns, in arrival order.
///
/// An `async` waiter is a continuation, never a blocked thread, and a cancelled one leaves the
/// queue with `CancellationError`; a synchronous write (``acquireBlocking(as:)``) waits in the
/// same line on its own thread.
final class WriterLock: Sendable {
  private struct Waiter {
    let id: UInt64
    let holder: WriterState
    let wakeUp: AccessWakeUp<Void>

    func resume(_ result: Result<Void, any Error>) { wakeUp.resume(result) }
  }

  private struct State {
    var holder = WriterState.idle
    var waiters: [Waiter] = []
    var nextID: UInt64 = 0
    var isClosing = false
  }

  private let state = PoolLock(State())

  /// The current holder (``WriterState/idle`` when free).
  var holder: WriterState {
    state.withLock { $0.isClosing && $0.holder == .idle ? .closed : $0.holder }
  }

  /// The number of writes and sessions waiting for their turn.
  var waitingCount: Int { state.withLock { $0.waiters.count } }

  /// Takes the lock for `holder`, waiting in line when it is held.
  ///
  /// - Throws: `CancellationError` when the task is cancelled while waiting; the pool's closed
  ///   error when the pool is closing.
  func acquire(as holder: WriterState) async throws {
    let id = try state.withLock { state throws(SQLiteError) -> UInt64 in
      if state.isClosing { throw ConnectionPool.closedError() }
      state.nextID &+= 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        take(id: id, holder: holder, continuation, checksCancellation: true)
      }
    } onCancel: {
      let waiter = state.withLock { state -> Waiter? in
        guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return state.waiters.remove(at: index)
      }
      waiter?.resume(.failure(CancellationError()))
    }
  }

  /// Takes the lock for a synchronous access, blocking the calling thread while it is held.
  ///
  /// - Throws: the pool's closed error when the pool is closing, or closes while waiting.
  func acquireBlocking(as holder: WriterState) throws {
    let wait = ThreadWait<Void>()
    let isTaken = try state.withLock { state throws(SQLiteError) -> Bool in
      if state.isClosing { throw ConnectionPool.closedError() }
      state.nextID &+= 1
      if state.holder == .idle {
        state.holder = holder
        return true
      }
      state.waiters.append(Waiter(id: state.nextID, holder: holder, wakeUp: .thread(wait)))
      return false
    }
    if isTaken { return }
    try wait.wait(timeout: nil)?.get()
  }

  /// Takes the lock at once if it is free, without waiting in line.
  ///
  /// - Returns: whether the lock was taken; `false` when it is held, or others wait for it.
  /// - Throws: the pool's closed error when the pool is closing.
  func tryAcquire(as holder: WriterState) throws(SQLiteError) -> Bool {
    try state.withLock { state throws(SQLiteError) -> Bool in
      if state.isClosing { throw ConnectionPool.closedError() }
      guard state.holder == .idle else { return false }
      state.holder = holder
      return true
    }
  }

  /// Takes the lock even while closing and whatever the task's cancellation (for `close()`).
  func acquireIgnoringCancellation(as holder: WriterState) async {
    let id = state.withLock { state -> UInt64 in
      state.nextID &+= 1
      return state.nextID
    }
    _ = try? await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Void, any Error>) in
      take(id: id, holder: holder, continuation, checksCancellation: false)
    }
  }

  /// Takes the free lock (resuming at once) or joins the queue.
  private func take(
    id: UInt64, holder: WriterState, _ continuation: CheckedContinuation<Void, any Error>,
    checksCancellation: Bool
  ) {
    let outcome = state.withLock { state -> Bool? in
      if checksCancellation && Task.isCancelled { return nil }
      if state.holder == .idle {
        state.holder = holder
        return true
      }
      state.waiters.append(Waiter(id: id, holder: holder, wakeUp: .task(continuation)))
      return false
    }
    switch outcome {
    case nil: continuation.resume(throwing: CancellationError())
    case true?: continuation.resume()
    case false?: break
    }
  }

  /// Hands the lock to the next waiter, or frees it.
  func release() {
    let next = state.withLock { state -> Waiter? in
      guard !state.waiters.isEmpty else {
        state.holder = .idle
        return nil
      }
      let waiter = state.waiters.removeFirst()
      state.holder = waiter.holder
      return waiter
    }
    next?.resume(.success(()))
  }

  /// Refuses new writes and fails the waiting ones; the current holder finishes.
  func beginClosing() {
    let failed = state.withLock { state -> [Waiter] in
      state.isClosing = true
      defer { state.waiters.removeAll() }
      return state.waiters
    }
    for waiter in failed { waiter.resume(.failure(ConnectionPool.closedError())) }
  }
}
