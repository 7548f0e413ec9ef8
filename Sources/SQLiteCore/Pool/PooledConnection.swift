/// One connection of a ``ConnectionPool``, with its own thread.
///
/// An actor on a ``ThreadExecutor``: an `async` access is a single hop to that thread
/// (``run(token:cancellable:_:)``). A synchronous access (``runHere(token:cancellable:_:)``)
/// runs on the caller's thread instead, with no hop: the pool hands a connection to one
/// access at a time (a checked-out reader, or the writer under its lock), so whichever thread
/// runs that access is the only one using the connection.
///
/// Cancellation is scoped to an access: the pool gives each access a token, and ``cancel(token:)``
/// interrupts the connection only while that same access is registered, under the same lock
/// that ends it, so a late cancellation never interrupts the next access.
actor PooledConnection {
  /// What the cancellation side needs to know about the running access.
  struct AccessState: Sendable {
    var token: UInt64?
    var wasCancelled = false
    var interruptHandle: InterruptHandle?
    /// False once the connection was closed or left inside a transaction.
    var isHealthy = true
  }

  /// The thread this connection's actor runs on.
  let executor: ThreadExecutor
  private let access = PoolLock(AccessState())
  private let slot = ConnectionSlot()
  /// The pool's reader generation when this connection was made (see ``ReaderQueue``).
  nonisolated let generation: Int

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// Starts the connection's thread, `niceness` below the process's priority; the connection
  /// itself opens in ``open(_:)``.
  init(generation: Int = 0, niceness: Int32 = 0) throws(SQLiteError) {
    executor = try ThreadExecutor(niceness: niceness)
    self.generation = generation
  }

  /// Opens the connection on its own thread with `makeConnection`.
  func open(_ makeConnection: @Sendable () throws -> Connection) throws {
    try openHere(makeConnection)
  }

  /// Opens the connection on the caller's thread, which holds this connection's access.
  nonisolated func openHere(_ makeConnection: () throws -> Connection) throws {
    let connection = try makeConnection()
    slot.connection = connection
    let handle = connection.interruptHandle
    access.withLock { $0.interruptHandle = handle }
  }

  /// Runs `body` with the connection, on its thread.
  ///
  /// - Parameters:
  ///   - token: identifies this access for ``cancel(token:)``.
  ///   - cancellable: when false, neither task cancellation nor the token stops the work (used
  ///     for rollbacks and closing).
  ///   - body: the work, run synchronously on the connection's thread.
  /// - Returns: what `body` returns.
  /// - Throws: `CancellationError` when the task was cancelled before the work began, or when
  ///   the work failed with `SQLITE_INTERRUPT` because of cancellation; otherwise `body`'s error.
  func run<T: Sendable>(
    token: UInt64, cancellable: Bool = true, _ body: @Sendable (Connection) throws -> T
  ) throws -> T {
    try runHere(token: token, cancellable: cancellable, body)
  }

  /// Runs `body` with the connection, then releases `lock`, which the caller holds (a write).
  ///
  /// One job on this connection's thread; `lock` is released even when `body` throws.
  func runReleasing<T: Sendable>(
    _ lock: WriterLock, token: UInt64, _ body: @Sendable (Connection) throws -> T
  ) throws -> T {
    defer { lock.release() }
    return try runHere(token: token, body)
  }

  /// Runs `body` with the connection on the caller's thread, which holds this connection's
  /// access (see the type's summary); otherwise the same as ``run(token:cancellable:_:)``.
  nonisolated func runHere<T>(
    token: UInt64, cancellable: Bool = true, _ body: (Connection) throws -> T
  ) throws -> T {
    guard let connection = slot.connection, !connection.isClosed else {
      throw SQLiteError.misuse("the connection is closed")
    }
    if cancellable { access.withLock { $0.begin(token) } }
    defer {
      // The pool's writer: a commit its WAL hook did not report is reported before the next
      // access (ChangeObservation.accessEnded).
      let isOpen = !connection.isClosed
      if isOpen { connection.handle.hookBoxes.walCommit?.accessEnded() }
      let isHealthy = isOpen && connection.isAutocommit
      access.withLock { $0.end(isHealthy: isHealthy) }
    }
    if cancellable && Task.isCancelled { throw CancellationError() }
    do {
      return try body(connection)
    } catch let error as SQLiteError where error.code ~= .interrupt {
      let cancelled = access.withLock { $0.wasCancelled }
      if cancellable && (cancelled || Task.isCancelled) { throw CancellationError() }
      throw error
    }
  }

  /// Interrupts the connection if the access identified by `token` is still running.
  nonisolated func cancel(token: UInt64) {
    access.withLock { state in
      guard state.token == token else { return }
      state.wasCancelled = true
      state.interruptHandle?.interrupt()
    }
  }

  /// Interrupts whatever access is running, if any (the shell's Ctrl-C).
  nonisolated func interruptRunningAccess() {
    access.withLock { state in
      guard state.token != nil else { return }
      state.interruptHandle?.interrupt()
    }
  }

  /// Whether the connection can serve another access (open, no transaction left behind).
  nonisolated var isHealthy: Bool { access.withLock { $0.isHealthy } }

  /// Closes the connection and lets the thread exit.
  func close() throws(SQLiteError) {
    try closeHere()
  }

  /// Closes the connection on the caller's thread, which holds its access, and lets the
  /// connection's thread exit.
  nonisolated func closeHere() throws(SQLiteError) {
    defer { executor.stop() }
    access.withLock {
      $0.interruptHandle = nil
      $0.isHealthy = false
    }
    guard let connection = slot.connection else { return }
    slot.connection = nil
    try? connection.rollback()
    try connection.close()
  }

  deinit {
    executor.stop()
  }
}

extension PooledConnection.AccessState {
  fileprivate mutating func begin(_ token: UInt64) {
    self.token = token
    wasCancelled = false
  }

  fileprivate mutating func end(isHealthy: Bool) {
    token = nil
    self.isHealthy = isHealthy
  }
}

/// The connection of a ``PooledConnection``, reachable from whichever thread holds its access.
///
/// @unchecked Sendable: `connection` is read or written only by the one access that holds the
/// pooled connection (a checked-out reader, or the writer under ``WriterLock``), on the
/// connection's thread or on the caller's; the hand-over from one access to the next goes
/// through the pool's lock (or a task resumption), which orders the memory.
final class ConnectionSlot: @unchecked Sendable {
  var connection: Connection?
}
