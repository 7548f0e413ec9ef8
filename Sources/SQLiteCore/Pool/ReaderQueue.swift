/// The readers of a ``ConnectionPool``: idle ones, a FIFO of waiting reads, and the counts.
///
/// A plain value guarded by the pool's ``PoolLock``: every method is a short critical section that
/// never suspends and never calls SQLite. What must happen outside the lock (resuming a
/// continuation, opening or closing a connection) is returned to the caller as an action.
struct ReaderQueue {
  /// What a read gets when it is its turn.
  enum Checkout: Sendable {
    /// An open, idle reader.
    case reader(PooledConnection)
    /// A free slot: the read opens a new reader itself.
    case create
  }

  /// A read waiting for its turn.
  struct Waiter {
    let id: UInt64
    let wakeUp: AccessWakeUp<Checkout>

    /// Wakes the read with its reader (or slot) or an error.
    func resume(_ result: Result<Checkout, any Error>) { wakeUp.resume(result) }
  }

  /// A continuation to resume outside the lock.
  enum Resumption {
    case checkout(Waiter, Checkout)
    case failure(Waiter, any Error)
    case barrier(CheckedContinuation<Void, Never>)

    func resume() {
      switch self {
      case .checkout(let waiter, let checkout): waiter.resume(.success(checkout))
      case .failure(let waiter, let error): waiter.resume(.failure(error))
      case .barrier(let continuation): continuation.resume()
      }
    }
  }

  var maximum: Int
  private(set) var idle: [PooledConnection] = []
  /// Readers open or being opened, busy or idle.
  private(set) var openCount = 0
  private(set) var busyCount = 0
  private(set) var waiters: [Waiter] = []
  private(set) var openedTotal = 0
  private(set) var closedTotal = 0
  private(set) var isClosed = false
  /// Every open reader, busy or idle, for ``ConnectionPool/interrupt()``.
  private(set) var all: [ObjectIdentifier: PooledConnection] = [:]
  /// Readers opened before ``invalidate()`` are closed instead of reused.
  private(set) var generation = 0
  /// While true, reads wait: a barrier write or `close()` is draining the readers.
  private var isBlocked = false
  private var drainWaiters: [CheckedContinuation<Void, Never>] = []
  private var nextWaiterID: UInt64 = 0
  /// How many tasks run with affinity to each reader (``ConnectionPool/withReaderAffinity(_:)``).
  private var pins: [ObjectIdentifier: Int] = [:]

  init(maximum: Int) { self.maximum = max(1, maximum) }

  /// A reader or a free slot now, or `nil` when the read has to wait.
  ///
  /// - Parameter preferred: the reader to hand out if it is idle (the task's affinity).
  /// - Returns: the reader or slot, or `nil`.
  /// - Throws: the pool's closed error.
  mutating func checkout(
    preferring preferred: ObjectIdentifier? = nil
  ) throws(SQLiteError) -> Checkout? {
    if isClosed { throw ConnectionPool.closedError() }
    guard !isBlocked, waiters.isEmpty else { return nil }
    if let preferred, let index = idle.firstIndex(where: { ObjectIdentifier($0) == preferred }) {
      busyCount += 1
      return .reader(idle.remove(at: index))
    }
    return take()
  }

  /// A reader for a task to have affinity with: a new one while slots are free, else the idle
  /// one with the fewest such tasks; `nil` when the caller has to wait.
  mutating func checkoutForAffinity() throws(SQLiteError) -> Checkout? {
    if isClosed { throw ConnectionPool.closedError() }
    guard !isBlocked, waiters.isEmpty else { return nil }
    if openCount < maximum || idle.isEmpty { return take() }
    let least = idle.indices.min {
      pins[ObjectIdentifier(idle[$0]), default: 0] < pins[ObjectIdentifier(idle[$1]), default: 0]
    }
    guard let least else { return nil }
    busyCount += 1
    return .reader(idle.remove(at: least))
  }

  /// Counts one more task with affinity to `reader`.
  mutating func pin(_ reader: PooledConnection) { pins[ObjectIdentifier(reader), default: 0] += 1 }

  /// Counts one task fewer with affinity to `reader`.
  mutating func unpin(_ reader: PooledConnection) {
    let id = ObjectIdentifier(reader)
    guard let count = pins[id] else { return }
    pins[id] = count > 1 ? count - 1 : nil
  }

  private mutating func take() -> Checkout? {
    if let reader = idle.popLast() {
      busyCount += 1
      return .reader(reader)
    }
    if openCount < maximum {
      openCount += 1
      openedTotal += 1
      busyCount += 1
      return .create
    }
    return nil
  }

  mutating func makeWaiterID() -> UInt64 {
    nextWaiterID &+= 1
    return nextWaiterID
  }

  mutating func enqueue(_ waiter: Waiter) { waiters.append(waiter) }

  /// Removes a waiting read (cancelled or timed out); `nil` when it was already served.
  mutating func removeWaiter(id: UInt64) -> Waiter? {
    guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
    return waiters.remove(at: index)
  }

  /// Returns a reader after a read; `keep` is false for a reader that must be closed.
  ///
  /// - Returns: the reader to close (if any) and the continuations to resume.
  mutating func checkIn(
    _ reader: PooledConnection, keep: Bool
  ) -> (close: PooledConnection?, resumptions: [Resumption]) {
    busyCount -= 1
    var close: PooledConnection?
    if keep && !isClosed && openCount <= maximum && reader.generation == generation {
      idle.append(reader)
    } else {
      close = reader
      forget(reader)
    }
    return (close, dispatch())
  }

  /// Gives back the slot of a reader that failed to open.
  mutating func abandonSlot() -> [Resumption] {
    busyCount -= 1
    openCount -= 1
    return dispatch()
  }

  /// Changes the maximum; returns idle readers to close and reads that may now proceed.
  mutating func resize(
    to newMaximum: Int
  ) -> (close: [PooledConnection], resumptions: [Resumption]) {
    maximum = max(1, newMaximum)
    var close: [PooledConnection] = []
    while openCount > maximum, let reader = idle.popLast() {
      close.append(reader)
      forget(reader)
    }
    return (close, dispatch())
  }

  /// Makes every open reader be closed instead of reused; returns the idle ones to close now.
  mutating func invalidate() -> [PooledConnection] {
    generation += 1
    let readers = idle
    idle.removeAll()
    for reader in readers { forget(reader) }
    return readers
  }

  /// Records a reader that opened in a slot handed out as ``Checkout/create``.
  mutating func didOpen(_ reader: PooledConnection) {
    all[ObjectIdentifier(reader)] = reader
  }

  private mutating func forget(_ reader: PooledConnection) {
    all[ObjectIdentifier(reader)] = nil
    pins[ObjectIdentifier(reader)] = nil
    openCount -= 1
    closedTotal += 1
  }

  /// Serves waiting reads in order while readers or slots are free; wakes a drain when idle.
  private mutating func dispatch() -> [Resumption] {
    var resumptions: [Resumption] = []
    while !isBlocked, !isClosed, let first = waiters.first, let checkout = take() {
      waiters.removeFirst()
      resumptions.append(.checkout(first, checkout))
    }
    // Every waiter: a barrier write and `close()` may both be draining at once.
    if busyCount == 0, !drainWaiters.isEmpty {
      resumptions += drainWaiters.map { .barrier($0) }
      drainWaiters.removeAll()
    }
    return resumptions
  }

  /// Blocks new reads; the continuation resumes once no read is running.
  mutating func drain(_ continuation: CheckedContinuation<Void, Never>) -> [Resumption] {
    isBlocked = true
    drainWaiters.append(continuation)
    return dispatch()
  }

  /// Lets reads run again after a barrier.
  mutating func unblock() -> [Resumption] {
    isBlocked = false
    return dispatch()
  }

  /// Refuses new reads, fails the waiting ones, and hands back the idle readers to close.
  mutating func close() -> (close: [PooledConnection], resumptions: [Resumption]) {
    isClosed = true
    var resumptions = waiters.map { Resumption.failure($0, ConnectionPool.closedError()) }
    waiters.removeAll()
    let readers = idle
    idle.removeAll()
    for reader in readers { forget(reader) }
    resumptions += dispatch()
    return (readers, resumptions)
  }
}

extension [ReaderQueue.Resumption] {
  /// Resumes every continuation, in order (outside the lock).
  func resumeAll() {
    for resumption in self { resumption.resume() }
  }
}
