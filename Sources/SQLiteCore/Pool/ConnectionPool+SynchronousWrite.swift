extension ConnectionPool {
  /// Runs `body` on the writer inside a transaction, on the calling thread, and blocks until
  /// it is done.
  ///
  /// The same write as ``write(_:_:)`` (one at a time, in the order they asked, behind any
  /// ``WriterSession``; committed when `body` returns, rolled back when it throws), for callers
  /// that are not `async`: a thread of their own. The writer's connection is used right here,
  /// on the caller's thread, while the pool holds the writer for this write alone: there is no
  /// hop to the writer's thread and back, so a busy machine cannot keep the write waiting for
  /// another thread to be scheduled.
  ///
  /// Never call it from Swift's cooperative pool (an `async` function or a task), from inside
  /// another access's closure, or from a thread that holds a ``WriterSession``: it blocks the
  /// thread until the writer is free. Called on the writer's own thread (inside a write's
  /// closure, or from ``withWriterAffinity(_:)``) it traps: the wait could never end.
  /// ``interrupt()`` interrupts it like any other access.
  /// - Throws: `body`'s error, or the error of `BEGIN`/`COMMIT`; a `misuse` error when the pool
  ///   is closed or closes while the write waits.
  public func writeSynchronously<T>(
    _ kind: TransactionKind = .immediate, _ body: (Connection) throws -> T
  ) throws -> T {
    precondition(
      !writer.executor.isCurrent,
      "writeSynchronously on the writer's own thread would wait for itself: use write")
    try writerLock.acquireBlocking(as: .writing)
    defer { writerLock.release() }
    return try writer.runHere(token: nextToken()) { db in try db.transaction(kind, body) }
  }
}
