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
    readers.withLock { $0.pin(reader) }
    await checkIn(reader)
    defer { readers.withLock { $0.unpin(reader) } }
    let executor = ThreadTaskExecutor(reader.executor)
    return try await Self.$affinity.withValue(ObjectIdentifier(reader)) {
      try await withTaskExecutorPreference(executor) { try await body() }
    }
  }
}
