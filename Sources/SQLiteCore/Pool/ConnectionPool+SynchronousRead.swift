extension ConnectionPool {
  /// Runs `body` on a reader, on the calling thread, and blocks until it is done.
  ///
  /// The same read as ``read(_:)`` (a deferred transaction pinned to one snapshot at its start,
  /// readers handed out in FIFO order), for callers that are not `async`: a thread of their
  /// own, like a command-line shell's. The reader's connection is used right here, on the
  /// caller's thread, while the pool holds it for this read alone: there is no hop to another
  /// thread and back, which makes a short read several times cheaper than ``read(_:)``.
  ///
  /// Never call it from Swift's cooperative pool (an `async` function or a task): it blocks the
  /// thread while it waits for a reader, and that pool has only as many threads as cores.
  /// ``interrupt()`` interrupts it like any other access; task cancellation is checked only when
  /// the read begins.
  /// - Throws: `body`'s error; a `SQLITE_BUSY` error when ``Configuration/readerWaitTimeout``
  ///   passes without a free reader; a `misuse` error when the pool is closed.
  public func readSynchronously<T>(_ body: (Connection) throws -> T) throws -> T {
    let reader = try checkoutReaderBlocking()
    defer { checkInNow(reader) }
    return try reader.runHere(token: nextToken()) { db in try db.readSnapshot(body) }
  }

  /// ``checkoutReader()`` for a thread that may block: waits on the thread, opens a new reader
  /// on it.
  private func checkoutReaderBlocking() throws -> PooledConnection {
    let now = try readers.withLock { state throws(SQLiteError) in try state.checkout() }
    let checkout: ReaderQueue.Checkout
    if let now { checkout = now } else { checkout = try waitForReaderBlocking() }
    switch checkout {
    case .reader(let reader):
      return reader
    case .create:
      do {
        return try openReaderHere()
      } catch {
        let resumptions = readers.withLock { $0.abandonSlot() }
        ThreadExecutor.resumingElsewhere { resumptions.resumeAll() }
        throw error
      }
    }
  }

  private func openReaderHere() throws -> PooledConnection {
    let generation = readers.withLock { $0.generation }
    let reader = try PooledConnection(
      generation: generation, niceness: configuration.readerThreadNiceness)
    do {
      try reader.openHere { try configuration.openReader(path: path) }
    } catch {
      try? reader.closeHere()
      throw error
    }
    readers.withLock { $0.didOpen(reader) }
    return reader
  }

  private func waitForReaderBlocking() throws -> ReaderQueue.Checkout {
    let wait = ThreadWait<ReaderQueue.Checkout>()
    let (id, checkout) = try readers.withLock {
      state throws(SQLiteError) -> (UInt64, ReaderQueue.Checkout?) in
      if let checkout = try state.checkout() { return (0, checkout) }
      let id = state.makeWaiterID()
      state.enqueue(ReaderQueue.Waiter(id: id, wakeUp: .thread(wait)))
      return (id, nil)
    }
    if let checkout { return checkout }
    let timeout = configuration.readerWaitTimeout
    if let outcome = wait.wait(timeout: timeout) { return try outcome.get() }
    // Timed out: leave the line, unless a reader was handed over meanwhile (either way the
    // wait below returns at once).
    failWaiter(
      id: id, SQLiteError(code: .busy, message: "no reader became free within \(timeout ?? .zero)"))
    guard let outcome = wait.wait(timeout: nil) else { throw CancellationError() }
    return try outcome.get()
  }

  /// ``checkIn(_:)`` without suspending: a reader to close is closed on the calling thread.
  private func checkInNow(_ reader: PooledConnection) {
    let keep = reader.isHealthy
    let (close, resumptions) = readers.withLock { $0.checkIn(reader, keep: keep) }
    // This thread may block again before the closure it runs in returns (a second synchronous
    // read): the read handed the reader must not be queued behind it.
    ThreadExecutor.resumingElsewhere { resumptions.resumeAll() }
    if let close { try? close.closeHere() }
  }
}
