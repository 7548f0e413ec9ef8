import CSQLite

/// What one transaction the pool's writer committed changed.
public struct CommittedChanges: Sendable, Hashable {
  /// The tables of the main database with rows inserted, updated or deleted; `nil` when the
  /// transaction also changed rows SQLite does not report one by one (a `DELETE` without
  /// `WHERE`, a `WITHOUT ROWID` table), so that any table may have changed.
  ///
  /// Schema changes alone (`CREATE`, `DROP`, `ALTER`) leave the set empty.
  public var tables: Set<String>?

  /// Creates a report.
  public init(tables: Set<String>?) { self.tables = tables }

  /// Whether `table` may have changed (names compare ignoring ASCII case, as in SQL).
  public func contains(_ table: String) -> Bool {
    guard let tables else { return true }
    let wanted = Self.folded(table)
    return tables.contains { Self.folded($0) == wanted }
  }

  private static func folded(_ name: String) -> [UInt8] {
    name.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }
  }
}

/// The row changes of the transaction under way on the writer, and the streams to tell.
final class ChangeObservation: Sendable {
  private struct State {
    var isInstalled = false
    var tables: Set<String> = []
    /// Rows the update hook reported since the last commit or rollback.
    var rows = 0
    /// `sqlite3_total_changes64` at the last commit or rollback.
    var baseline: Int64 = 0
    /// What the commit under way changed, told once the WAL has it.
    var committing: CommittedChanges?
    var subscribers: [Int: Subscriber] = [:]
    var nextSubscriber = 0
    var isFinished = false
  }

  /// Told each commit, then `nil` once when the pool closes.
  ///
  /// Runs on the writer's thread right after the commit: it must return at once.
  typealias Subscriber = @Sendable (CommittedChanges?) -> Void

  // PoolLock, not Mutex: observers now subscribe and leave while the writer commits, and the
  // contended Mutex hands over in the kernel, where ThreadSanitizer cannot see it (PoolLock).
  private let state = PoolLock(State())

  /// Whether the hooks are on the writer already.
  var isInstalled: Bool { state.withLock { $0.isInstalled } }

  /// Installs the hooks on the writer, once: called on the writer's thread.
  func install(on db: Connection, checkpointPages: Int32) {
    let isNew = state.withLock { state in
      defer { state.isInstalled = true }
      return !state.isInstalled
    }
    guard isNew else { return }
    // The raw pointer, not the connection: a hook holding its own connection would be a cycle.
    let pointer = db.handle.db
    state.withLock { $0.baseline = sqlite3_total_changes64(pointer) }
    // The library's side of each hook: a user's own handlers stay (HookPair).
    db.setRowChangeHandler(library: true) { [self] change in
      state.withLock { state in
        state.rows += 1
        if change.database == "main" { state.tables.insert(change.table) }
      }
    }
    db.setCommitHandler(library: true) { [self, weak handle = db.handle] in
      // `PRAGMA wal_autocheckpoint` replaces the WAL hook that publishes the commit.
      handle?.restoreWALCommitHook()
      let total = sqlite3_total_changes64(pointer)
      state.withLock { state in
        let complete = total - state.baseline == Int64(state.rows)
        state.committing = CommittedChanges(tables: complete ? state.tables : nil)
        (state.tables, state.rows, state.baseline) = ([], 0, total)
      }
    }
    db.setRollbackHandler(library: true) { [self] in
      let total = sqlite3_total_changes64(pointer)
      state.withLock { state in
        (state.tables, state.rows, state.baseline, state.committing) = ([], 0, total, nil)
      }
    }
    db.onWALCommit(checkpointPages: checkpointPages) { [self] name in
      guard name == "main" else { return }
      let (changes, subscribers) = state.withLock { state in
        defer { state.committing = nil }
        return (state.committing, Array(state.subscribers.values))
      }
      guard let changes else { return }
      for subscriber in subscribers { subscriber(changes) }
    }
  }

  /// A new stream of the commits from now on; finished at once after ``finish()``.
  func subscribe() -> AsyncStream<CommittedChanges> {
    let (stream, continuation) = AsyncStream.makeStream(of: CommittedChanges.self)
    let id = subscribe { changes in
      if let changes { continuation.yield(changes) } else { continuation.finish() }
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
    return stream
  }

  /// Adds a subscriber for the commits from now on; `nil` (and no call) after ``finish()``.
  func subscribe(_ subscriber: @escaping Subscriber) -> Int? {
    state.withLock { state in
      guard !state.isFinished else { return nil }
      defer { state.nextSubscriber += 1 }
      state.subscribers[state.nextSubscriber] = subscriber
      return state.nextSubscriber
    }
  }

  /// Removes a subscriber; a commit already telling its subscribers may still call it once.
  func unsubscribe(_ id: Int) {
    _ = state.withLock { $0.subscribers.removeValue(forKey: id) }
  }

  /// Ends every stream: the pool is closing.
  func finish() {
    let subscribers = state.withLock { state in
      defer {
        state.subscribers = [:]
        state.isFinished = true
      }
      return Array(state.subscribers.values)
    }
    for subscriber in subscribers { subscriber(nil) }
  }
}

extension ConnectionPool {
  /// The transactions the pool's writer commits from now on, in commit order, each with the
  /// tables it changed: the way to refresh what a reader showed when the data under it changes.
  ///
  /// ```swift
  /// for await change in try await pool.changes() where change.contains("user") {
  ///   users = try await pool.read { db in try db.query(User.self, "SELECT * FROM user") }
  /// }
  /// ```
  ///
  /// An element arrives once its commit is in the WAL, so a read started after it sees the
  /// change. Only this pool's writer is observed: commits from other processes or connections
  /// are not reported. The first call installs update, commit, rollback and WAL hooks on the
  /// writer (waiting for the writer like a write); handlers you set with
  /// ``Connection/onCommit(_:)`` and its siblings in a write access run beside them. Every stream ends when the pool closes. Elements are buffered without bound
  /// for a consumer that falls behind.
  public func changes() async throws -> AsyncStream<CommittedChanges> {
    let stream = observation.subscribe()
    try await installChangeHooks()
    return stream
  }

  /// Puts the hooks on the writer unless they are there: only the first call waits for it.
  func installChangeHooks() async throws {
    if observation.isInstalled {
      if isClosing { throw Self.closedError() }
      return
    }
    let pages = Int32(clamping: configuration.autoCheckpointPages)
    try await writeWithoutTransaction { [observation] db in
      observation.install(on: db, checkpointPages: pages)
    }
  }
}
