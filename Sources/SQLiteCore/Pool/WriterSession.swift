/// Exclusive use of a ``ConnectionPool``'s writer across several awaits.
///
/// The shell needs a transaction that spans several inputs (`.begin`, or a typed `BEGIN`):
/// a session may leave a transaction open between its ``execute(_:)`` calls. Other writes wait
/// behind the session; reads go on, and see none of its uncommitted work.
///
/// End it with ``end()`` (or use ``ConnectionPool/withWriterSession(_:)``). A session that ends
/// with a transaction open has it rolled back, never committed, and ``end()`` reports it.
public final class WriterSession: Sendable {
  private let pool: ConnectionPool
  private let isActive = PoolLock(true)

  init(pool: ConnectionPool) { self.pool = pool }

  /// Runs `body` on the writer, with no transaction added: a transaction it opens stays open.
  ///
  /// - Throws: `body`'s error; `CancellationError` when the task is cancelled (the running
  ///   statement is interrupted, the transaction stays as SQLite left it); a `misuse` error
  ///   after ``end()``.
  public func execute<T: Sendable>(_ body: @Sendable (Connection) throws -> T) async throws -> T {
    guard isActive.withLock({ $0 }) else {
      throw SQLiteError.misuse("the writer session has ended")
    }
    return try await pool.perform(on: pool.writer, body)
  }

  /// Whether a transaction is open on the writer.
  public var isInsideTransaction: Bool {
    get async throws { try await execute { $0.isInsideTransaction } }
  }

  /// Releases the writer; a transaction still open is rolled back first.
  ///
  /// Ending twice does nothing.
  /// - Throws: an `SQLITE_ABORT` error saying the transaction was rolled back, when one was
  ///   open (the writer is released all the same).
  public func end() async throws {
    let wasActive = isActive.withLock { active in
      defer { active = false }
      return active
    }
    guard wasActive else { return }
    defer { pool.writerLock.release() }
    let rolledBack = try await pool.writer.run(token: 0, cancellable: false) { db in
      guard db.isInsideTransaction else { return false }
      try db.rollback()
      return true
    }
    if rolledBack {
      throw SQLiteError(
        code: .abort,
        message: "the writer session ended with a transaction open: it was rolled back")
    }
  }

  deinit {
    guard isActive.withLock({ $0 }) else { return }
    let pool = pool
    let session = WriterSession(pool: pool)
    Task { try? await session.end() }
  }
}

extension ConnectionPool {
  /// Takes the writer for a session, waiting behind the writes already in line.
  ///
  /// Call ``WriterSession/end()`` when done; until then no other write runs.
  public func beginWriterSession() async throws -> WriterSession {
    try await writerLock.acquire(as: .session)
    return WriterSession(pool: self)
  }

  /// Runs `body` with a writer session and ends it when `body` returns or throws.
  ///
  /// - Throws: `body`'s error, or the error of ``WriterSession/end()`` when `body` left a
  ///   transaction open (it is rolled back).
  public func withWriterSession<T: Sendable>(
    _ body: (WriterSession) async throws -> T
  ) async throws -> T {
    let session = try await beginWriterSession()
    let value: T
    do {
      value = try await body(session)
    } catch {
      try? await session.end()
      throw error
    }
    try await session.end()
    return value
  }
}
