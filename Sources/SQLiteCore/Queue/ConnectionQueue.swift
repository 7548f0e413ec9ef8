import Synchronization

/// One connection reached with `async` accesses that run one at a time, on the connection's own
/// thread: an in-memory database, or a file when parallel readers are not needed.
///
/// The same ``read(_:)`` and ``write(_:_:)`` as ``ConnectionPool`` (both are ``AsyncDatabase``),
/// so code and tests can start on a queue in memory and move to a pool unchanged.
///
/// ```swift
/// let queue = try await ConnectionQueue()                  // ":memory:"
/// try await queue.write { db in try db.execute("CREATE TABLE t(x)") }
/// let count = try await queue.read { db in try db.scalar("SELECT count(*) FROM t", as: Int.self) }
/// try await queue.close()
/// ```
///
/// Accesses run in the order they reach the queue; a read cannot write (`PRAGMA query_only`).
/// Cancelling the task interrupts its own access only. See <doc:TestingInMemory>.
public final class ConnectionQueue: AsyncDatabase {
  /// The path (or `file:` URI) the queue was opened with; `":memory:"` for a private
  /// in-memory database.
  public let path: String
  let connection: PooledConnection
  private let tokens = Atomic<UInt64>(0)
  private let isClosed = Atomic<Bool>(false)

  /// Opens the connection on its own thread.
  ///
  /// - Parameters:
  ///   - path: a file, a `file:` URI, or `":memory:"` (the default): a database of this queue's
  ///     own that disappears when it closes.
  ///   - options: how the connection opens (mode, busy timeout, statement cache).
  ///   - prepareConnection: runs once, right after the connection opens: pragmas such as
  ///     `PRAGMA foreign_keys = ON`, functions, collations.
  /// - Throws: ``SQLiteError`` when the connection cannot open, or `prepareConnection`'s error.
  public init(
    path: String = ":memory:", options: OpenOptions = .default,
    prepareConnection: (@Sendable (Connection) throws -> Void)? = nil
  ) async throws {
    let connection = try PooledConnection()
    do {
      try await connection.open {
        let db = try Connection(path: path, options: options)
        do {
          try prepareConnection?(db)
        } catch {
          try? db.close()
          throw error
        }
        return db
      }
    } catch {
      try? await connection.close()
      throw error
    }
    self.path = path
    self.connection = connection
  }

  /// Runs `body` in a deferred transaction where writes fail (`PRAGMA query_only`): everything
  /// it reads comes from one committed state.
  public func read<T: Sendable>(_ body: @Sendable (Connection) throws -> T) async throws -> T {
    try await perform { db in
      try db.runInternal("PRAGMA query_only = 1")
      // Always back to writable, even when a cancellation interrupted the first try: an
      // interrupt does not outlive the statement it stopped, so the retry runs.
      defer {
        try? db.runAlwaysAllowed { () throws(SQLiteError) in
          try db.runInternal("PRAGMA query_only = 0")
        }
      }
      return try db.readSnapshot(body)
    }
  }

  /// Runs `body` inside a transaction (`BEGIN IMMEDIATE` by default): commits when it returns,
  /// rolls back when it throws.
  public func write<T: Sendable>(
    _ kind: TransactionKind = .immediate, _ body: @Sendable (Connection) throws -> T
  ) async throws -> T {
    try await perform { db in try db.transaction(kind, body) }
  }

  /// Runs `body` outside any transaction: for `VACUUM`, pragmas, or transactions of your own.
  ///
  /// A transaction `body` leaves open is rolled back, and the access then throws.
  public func writeWithoutTransaction<T: Sendable>(
    _ body: @Sendable (Connection) throws -> T
  ) async throws -> T {
    try await perform { db in try db.withoutLeftTransaction(body) }
  }

  /// Closes the connection once the accesses already queued have run.
  ///
  /// An in-memory database is gone. Later accesses throw a `misuse` error; closing twice does
  /// nothing.
  public func close() async throws {
    guard !isClosed.exchange(true, ordering: .acquiringAndReleasing),
      connection.executor.pin()
    else { return }
    defer { connection.executor.unpin() }
    try await connection.close()
  }

  /// One hop onto the connection's thread; cancelling the task interrupts this access only.
  private func perform<T: Sendable>(
    _ body: @Sendable (Connection) throws -> T
  ) async throws -> T {
    // Pinned, the thread cannot exit (after a close) between here and the job it runs.
    guard !isClosed.load(ordering: .acquiring), connection.executor.pin() else {
      throw Self.closedError()
    }
    defer { connection.executor.unpin() }
    let token = tokens.wrappingAdd(1, ordering: .relaxed).newValue
    return try await withTaskCancellationHandler {
      try await connection.run(token: token, body)
    } onCancel: {
      connection.cancel(token: token)
    }
  }

  static func closedError() -> SQLiteError {
    SQLiteError.misuse("the connection queue is closed")
  }
}
