import Synchronization

/// A WAL database file shared by one writer and up to N readers that really run in parallel.
///
/// Each connection lives on its own thread, so blocking SQLite calls never occupy Swift's
/// cooperative pool. An access is one hop to that thread: the closure you pass runs there,
/// synchronously, with the connection.
///
/// ```swift
/// let pool = try await ConnectionPool(path: "app.db")
/// try await pool.write { db in try db.execute("INSERT INTO t VALUES (?)", [1]) }
/// let count = try await pool.read { db in try db.scalar("SELECT count(*) FROM t", as: Int.self) }
/// try await pool.close()
/// ```
///
/// What the pool guarantees, and what it does not, is in <doc:ConcurrentAccess>; which calls to
/// use from tasks, from loops of short accesses and from threads of your own, with what each
/// costs, is in <doc:ChoosingACallingStyle>.
public final class ConnectionPool: Sendable {
  /// The database path (or `file:` URI) the pool was opened with.
  public let path: String
  /// The configuration the pool was opened with.
  public let configuration: Configuration
  /// The path of the `-wal` file.
  public let walPath: String
  let writer: PooledConnection
  let writerLock = WriterLock()
  let readers: PoolLock<ReaderQueue>
  let isClosingState = PoolLock(false)
  /// The streams ``changes()`` made, and the writer's transaction they report on.
  let observation = ChangeObservation()
  /// The queries ``observe(_:)`` follows, fetched for in rounds on one reader.
  let observers = ObservationHub()
  private let tokens = Atomic<UInt64>(0)

  /// A new access token (see ``PooledConnection/cancel(token:)``).
  func nextToken() -> UInt64 { tokens.wrappingAdd(1, ordering: .relaxed).newValue }

  /// Opens the writer, switches the file to WAL and prepares it for read-only readers.
  ///
  /// Readers open lazily, on the first reads that need them.
  /// - Throws: ``SQLiteError``: the file cannot be opened or is not a database, WAL cannot be
  ///   enabled, or the path is an in-memory database (which cannot have readers).
  public init(path: String, configuration: Configuration = Configuration()) async throws {
    if Self.isInMemory(path) {
      throw SQLiteError.misuse(
        "an in-memory database cannot have readers: ConnectionPool needs a database file")
    }
    let writer = try PooledConnection()
    do {
      try await writer.open { try configuration.openWriter(path: path) }
      walPath = try await writer.run(token: 0, cancellable: false) { db in
        (db.fileName() ?? path) + "-wal"
      }
    } catch {
      try? await writer.close()
      throw error
    }
    self.path = path
    self.configuration = configuration
    self.writer = writer
    self.readers = PoolLock(ReaderQueue(maximum: configuration.maximumReaderCount))
  }

  // MARK: Reads

  /// Runs `body` on a reader, inside a deferred transaction pinned to one snapshot at its start.
  ///
  /// Everything `body` reads comes from the same committed state of the database, whatever
  /// writers do meanwhile. The transaction ends (and the reader returns to the pool) when
  /// `body` returns. Waits, in FIFO order, when every reader is busy.
  /// - Throws: `body`'s error; `CancellationError` when the task is cancelled (a running
  ///   statement is interrupted); a `SQLITE_BUSY` error when ``Configuration/readerWaitTimeout``
  ///   passes without a free reader.
  public func read<T: Sendable>(_ body: @Sendable (Connection) throws -> T) async throws -> T {
    try await readResumingHere(body)
  }

  // MARK: Writes

  /// Runs `body` on the writer inside a transaction (`BEGIN IMMEDIATE` by default).
  ///
  /// Commits when `body` returns, rolls back when it throws. Writes run one at a time, in the
  /// order they asked, behind any ``WriterSession``. Once the writer is taken, the transaction
  /// and handing the writer on run as one job on the writer's thread; callers that are not
  /// `async` use ``writeSynchronously(_:_:)``, which runs it all on their own thread, and a
  /// task doing many writes can run on the writer's thread itself (``withWriterAffinity(_:)``).
  public func write<T: Sendable>(
    _ kind: TransactionKind = .immediate, _ body: @Sendable (Connection) throws -> T
  ) async throws -> T {
    try await performOnWriter { db in try db.transaction(kind, body) }
  }

  /// Runs `body` on the writer outside any transaction: for `VACUUM`, checkpoints, pragmas.
  ///
  /// A transaction `body` leaves open is rolled back, and the access then throws.
  public func writeWithoutTransaction<T: Sendable>(
    _ body: @Sendable (Connection) throws -> T
  ) async throws -> T {
    try await performOnWriter { db in try db.withoutLeftTransaction(body) }
  }

  /// Runs `body` on the writer, outside a transaction, while no read runs.
  ///
  /// Waits for the writer, then stops new reads and waits for the running ones to finish;
  /// reads resume when `body` returns.
  public func barrierWriteWithoutTransaction<T: Sendable>(
    _ body: @Sendable (Connection) throws -> T
  ) async throws -> T {
    try await writerLock.acquire(as: .writing)
    defer { writerLock.release() }
    await drainReaders()
    defer { readers.withLock { $0.unblock() }.resumeAll() }
    return try await perform(on: writer) { db in try db.withoutLeftTransaction(body) }
  }

  // MARK: Accesses

  /// One hop onto `connection`'s thread; cancelling the task interrupts this access only.
  func perform<T: Sendable>(
    on connection: PooledConnection, _ body: @Sendable (Connection) throws -> T
  ) async throws -> T {
    let token = nextToken()
    return try await withTaskCancellationHandler {
      try await connection.run(token: token, body)
    } onCancel: {
      connection.cancel(token: token)
    }
  }

  /// One write access: take the writer's lock, then one job on the writer's thread runs `body`
  /// and releases the lock.
  ///
  /// The lock is taken before the hop (at once when it is free), so the writer cannot close
  /// under the job; the task hands over to the writer's thread once and comes back once, and the
  /// next write can start before this task is scheduled again. A task already on the writer's
  /// thread (``withWriterAffinity(_:)``) runs `body` right there, with no hop at all. Cancelling
  /// the task interrupts this access only.
  func performOnWriter<T: Sendable>(
    _ body: @Sendable (Connection) throws -> T
  ) async throws -> T {
    if try !writerLock.tryAcquire(as: .writing) { try await writerLock.acquire(as: .writing) }
    let token = nextToken()
    return try await withTaskCancellationHandler {
      // Checked with no suspension before `runHere`: the task cannot leave the thread between.
      if writer.executor.isCurrent {
        defer { writerLock.release() }
        return try writer.runHere(token: token, body)
      }
      return try await writer.runReleasing(writerLock, token: token, body)
    } onCancel: {
      writer.cancel(token: token)
    }
  }

  static func closedError() -> SQLiteError {
    SQLiteError.misuse("the connection pool is closed")
  }

  static func isInMemory(_ path: String) -> Bool {
    path.isEmpty || path == ":memory:" || (path.hasPrefix("file:") && path.contains("memory"))
  }
}
