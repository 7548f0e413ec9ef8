extension ConnectionPool {
  /// The most readers open at once (see ``setMaximumReaderCount(_:)``).
  public var maximumReaderCount: Int { readers.withLock { $0.maximum } }

  /// Changes how many readers may be open at once, without losing any read in flight.
  ///
  /// Growing lets waiting reads start at once. Shrinking closes surplus idle readers now and
  /// busy ones as their reads finish. Values below 1 count as 1.
  public func setMaximumReaderCount(_ count: Int) async {
    let (close, resumptions) = readers.withLock { $0.resize(to: count) }
    resumptions.resumeAll()
    for reader in close { try? await reader.close() }
  }

  /// Closes every reader once its current read ends, so the next reads open fresh ones.
  ///
  /// Use it after changing what ``Configuration/prepareConnection`` sets up (an `ATTACH`,
  /// a new function) so every reader sees the same state as the writer.
  public func invalidateReaders() async {
    let close = readers.withLock { $0.invalidate() }
    for reader in close { try? await reader.close() }
  }

  /// ``read(_:)``: a read that has to wait for a reader waits under ``ResumeHereExecutor``.
  ///
  /// A check-in on a reader's thread that hands that reader to such a read lets the read go on
  /// right there, run its closure on the same thread, and check in there in turn: under load
  /// (more reading tasks than readers) a reader's thread goes from one read to the next without
  /// sleeping, and each read wakes one thread (its task's return) instead of two. A read that
  /// gets a reader at once, and a task with a preference of its own (reader or writer
  /// affinity), go the usual way.
  func readResumingHere<T: Sendable>(
    _ body: @Sendable (Connection) throws -> T
  ) async throws -> T {
    let now = try readers.withLock { state throws(SQLiteError) in
      try state.checkout(preferring: Self.affinity)
    }
    if let now { return try await read(body, checkout: now) }
    if withUnsafeCurrentTask(body: { $0?.unownedTaskExecutor }) != nil {
      return try await read(body, checkout: nil)
    }
    // Leaving the preference's scope hops back to the global pool (`withTaskExecutorPreference`
    // returns to its caller's isolation, none here): the caller's code never runs on a reader's
    // thread.
    return try await withTaskExecutorPreference(ResumeHereExecutor.shared) {
      try await read(body, checkout: nil)
    }
  }

  /// ``read(_:)``'s checkout (`checkout` when already made), access and check-in, on whatever
  /// executor the task has.
  private func read<T: Sendable>(
    _ body: @Sendable (Connection) throws -> T, checkout: ReaderQueue.Checkout?
  ) async throws -> T {
    let reader = try await checkoutReader(now: checkout)
    let result: T
    do {
      result = try await perform(on: reader) { db in try db.readSnapshot(body) }
    } catch {
      await checkIn(reader)
      throw error
    }
    await checkIn(reader)
    return result
  }

  /// An idle reader, a newly opened one, or the first free one after waiting in line.
  ///
  /// `now`: a checkout the caller already made (then no other is made).
  func checkoutReader(
    forAffinity: Bool = false, now given: ReaderQueue.Checkout? = nil
  ) async throws -> PooledConnection {
    let preferred = Self.affinity
    let now =
      try given
      ?? readers.withLock { state throws(SQLiteError) in
        try forAffinity ? state.checkoutForAffinity() : state.checkout(preferring: preferred)
      }
    let checkout: ReaderQueue.Checkout
    if let now { checkout = now } else { checkout = try await waitForReader() }
    switch checkout {
    case .reader(let reader):
      return reader
    case .create:
      do {
        return try await openReader()
      } catch {
        readers.withLock { $0.abandonSlot() }.resumeAll()
        throw error
      }
    }
  }

  private func openReader() async throws -> PooledConnection {
    let generation = readers.withLock { $0.generation }
    let reader = try PooledConnection(
      generation: generation, niceness: configuration.readerThreadNiceness)
    do {
      try await reader.open { [configuration, path] in try configuration.openReader(path: path) }
    } catch {
      try? await reader.close()
      throw error
    }
    readers.withLock { $0.didOpen(reader) }
    return reader
  }

  private func waitForReader() async throws -> ReaderQueue.Checkout {
    let id = readers.withLock { $0.makeWaiterID() }
    let timer = configuration.readerWaitTimeout.map { timeout in
      Task { [weak self] in
        try await Task.sleep(for: timeout)
        self?.failWaiter(
          id: id,
          SQLiteError(code: .busy, message: "no reader became free within \(timeout)"))
      }
    }
    defer { timer?.cancel() }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<ReaderQueue.Checkout, any Error>) in
        let outcome = readers.withLock { state -> Result<ReaderQueue.Checkout?, any Error> in
          if Task.isCancelled { return .failure(CancellationError()) }
          do {
            if let checkout = try state.checkout() { return .success(checkout) }
          } catch {
            return .failure(error)
          }
          state.enqueue(ReaderQueue.Waiter(id: id, wakeUp: .task(continuation)))
          return .success(nil)
        }
        switch outcome {
        case .success(let checkout?): continuation.resume(returning: checkout)
        case .success(nil): break
        case .failure(let error): continuation.resume(throwing: error)
        }
      }
    } onCancel: {
      failWaiter(id: id, CancellationError())
    }
  }

  func failWaiter(id: UInt64, _ error: any Error) {
    readers.withLock { $0.removeWaiter(id: id) }?.resume(.failure(error))
  }

  /// Returns a reader after a read; a reader left unhealthy (closed, transaction open) or
  /// beyond the current maximum is closed.
  func checkIn(_ reader: PooledConnection) async {
    let keep = reader.isHealthy
    let (close, resumptions) = readers.withLock { $0.checkIn(reader, keep: keep) }
    resumptions.resumeAll()
    if let close { try? await close.close() }
  }

  /// Stops new reads and waits until no read is running.
  func drainReaders() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      readers.withLock { $0.drain(continuation) }.resumeAll()
    }
  }
}
