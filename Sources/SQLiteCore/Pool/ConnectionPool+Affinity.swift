extension ConnectionPool {
  /// The reader the current task has affinity with (see ``withReaderAffinity(_:)``).
  @TaskLocal static var affinity: ObjectIdentifier?

  /// Runs `body` on the thread of one reader, which the reads `body` makes prefer.
  ///
  /// An ``read(_:)`` from a task on Swift's cooperative pool costs two thread hand-overs: to
  /// the reader's thread and back. Inside `body`, the task itself runs on a reader's thread
  /// (a task executor preference), and each read takes that same reader whenever it is idle,
  /// so a read hops from the task to the reader's connection and back without waking any other
  /// thread. Use it around a loop of short reads, one such task per reader:
  ///
  /// ```swift
  /// try await pool.withReaderAffinity {
  ///   for id in ids { _ = try await pool.read { db in try lookUp(id, db) } }
  /// }
  /// ```
  ///
  /// Reads keep every guarantee of ``read(_:)`` (snapshot, FIFO turns, cancellation); when the
  /// preferred reader is busy they take another one. The reader is chosen when `body` starts: a
  /// new one while fewer than ``maximumReaderCount`` are open, otherwise the idle one the
  /// fewest such tasks prefer. What `body` does between reads also runs on that reader's
  /// thread, delaying other reads that need it: keep `body` to database work.
  /// - Throws: what `body` throws; the pool's errors from choosing the reader (closed, timeout,
  ///   cancellation).
  public func withReaderAffinity<T: Sendable>(
    _ body: @Sendable () async throws -> T
  ) async throws -> T {
    let reader = try await checkoutReader(forAffinity: true)
    // Pinned while still checked out: a reader closed after its check-in keeps its thread.
    let executor = ThreadTaskExecutor(reader.executor)
    readers.withLock { $0.pin(reader) }
    await checkIn(reader)
    defer { readers.withLock { $0.unpin(reader) } }
    guard let executor else { throw Self.closedError() }
    return try await Self.$affinity.withValue(ObjectIdentifier(reader)) {
      try await withTaskExecutorPreference(executor) { try await body() }
    }
  }
}

extension ConnectionPool {
  /// Runs `body` on the writer's thread, where each write `body` makes runs without changing
  /// thread.
  ///
  /// A ``write(_:_:)`` from a task on Swift's cooperative pool costs two thread wake-ups: the
  /// writer's thread, then a cooperative thread to resume the task. On a busy machine each
  /// waits its turn for a core. Inside `body`, the task itself runs on the writer's thread
  /// (a task executor preference, entered with an explicit hop), so a write whose turn has come
  /// runs its transaction right there and the loop goes on, with no hand-over at all:
  ///
  /// ```swift
  /// try await pool.withWriterAffinity {
  ///   for item in items { try await pool.write { db in try insert(item, db) } }
  /// }
  /// ```
  ///
  /// Writes keep every guarantee of ``write(_:_:)``: one at a time, in the order they asked,
  /// behind any ``WriterSession`` and ``writeSynchronously(_:_:)``; cancellation and
  /// ``interrupt()`` stop the running one; after ``close()`` they fail with a `misuse` error.
  /// What `body` does between writes also runs on the writer's thread, delaying every other
  /// write: keep `body` to database work. Never block that thread from `body` (no
  /// ``writeSynchronously(_:_:)`` or ``readSynchronously(_:)`` inside it): a write waiting for
  /// the writer may need the very thread that is blocked.
  /// - Throws: what `body` throws; a `misuse` error when the pool is closing or closed.
  public func withWriterAffinity<T: Sendable>(
    _ body: @Sendable () async throws -> T
  ) async throws -> T {
    guard !isClosing, let executor = ThreadTaskExecutor(writer.executor) else {
      throw Self.closedError()
    }
    return try await withTaskExecutorPreference(executor) {
      // A preference moves the task only when it is next enqueued, and the compiler may drop
      // the hops of code that needs no executor: suspend now, so the task is enqueued on the
      // writer's thread and `body` starts there.
      await Task.yield()
      assert(writer.executor.isCurrent, "a writer-affinity task off the writer's thread")
      return try await body()
    }
  }
}
