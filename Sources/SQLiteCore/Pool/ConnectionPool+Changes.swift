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
///
/// Per row the update hook compares the C table name with the names the transaction recorded
/// already (a `String` is made only for a new one, or taken from the last commit's); per commit,
/// when the tables are the last commit's, the last commit's set is told again (shared, nothing
/// allocated), and the subscribers are an array kept as they come and go.
final class ChangeObservation: Sendable {
  /// What the writer's hooks record: only ever used on the writer, in its hooks and in
  /// ``install(on:checkpointPages:)``, which run one at a time, so it takes no lock.
  private final class Transaction: @unchecked Sendable {
    // @unchecked Sendable: used only in the writer connection's hooks and while installing
    // them, all of which run inside the writer's accesses, which never overlap.
    /// The main database's tables with rows changed since the last commit or rollback, each once
    /// (by bytes; SQLite reports a table with the spelling of its schema).
    var names: [String] = []
    /// How many of ``names`` are among ``lastNames``.
    var namesFromLast = 0
    /// The tables of the last commit, and the same as a set, told again while they repeat.
    var lastNames: [String] = []
    var lastTables: Set<String> = []
    /// Rows the update hook reported since the last commit or rollback.
    var rows = 0
    /// `sqlite3_total_changes64` at the last commit or rollback.
    var baseline: Int64 = 0
    /// What the commit under way changed, told once the WAL has it.
    var committing: CommittedChanges?

    /// Records a row of `table` in the main database.
    func record(_ table: UnsafePointer<CChar>) {
      for name in names where Self.spells(name, table) { return }
      if let name = lastNames.first(where: { Self.spells($0, table) }) {
        names.append(name)
        namesFromLast += 1
      } else {
        names.append(String(cString: table))
      }
    }

    /// The tables of the transaction that commits, and a fresh start for the next one.
    func commit() -> Set<String> {
      if namesFromLast != lastNames.count || names.count != lastNames.count {
        lastTables = Set(names)
        swap(&names, &lastNames)
      }
      names.removeAll(keepingCapacity: true)
      namesFromLast = 0
      return lastTables
    }

    /// Forgets the rows of the transaction that rolled back.
    func rollBack() {
      names.removeAll(keepingCapacity: true)
      namesFromLast = 0
    }

    /// Whether `name`'s UTF-8 bytes are those of the C string `table`.
    private static func spells(_ name: String, _ table: UnsafePointer<CChar>) -> Bool {
      var index = 0
      for byte in name.utf8 {
        guard UInt8(bitPattern: table[index]) == byte else { return false }
        index += 1
      }
      return table[index] == 0
    }
  }

  private struct State {
    var isInstalled = false
    var subscribers: [(id: Int, call: Subscriber)] = []
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
  private let transaction = Transaction()

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
    let transaction = transaction
    transaction.baseline = sqlite3_total_changes64(pointer)
    // The library's side of each hook: a user's own handlers stay (HookPair).
    db.setLibraryRowChangeHandler { database, table in
      transaction.rows += 1
      if isMainDatabase(database) { transaction.record(table) }
    }
    db.setCommitHandler(library: true) { [weak handle = db.handle] in
      // `PRAGMA wal_autocheckpoint` replaces the WAL hook that publishes the commit.
      handle?.restoreWALCommitHook()
      let total = sqlite3_total_changes64(pointer)
      let complete = total - transaction.baseline == Int64(transaction.rows)
      let tables = transaction.commit()
      transaction.committing = CommittedChanges(tables: complete ? tables : nil)
      (transaction.rows, transaction.baseline) = (0, total)
    }
    db.setRollbackHandler(library: true) {
      transaction.rollBack()
      let total = sqlite3_total_changes64(pointer)
      (transaction.rows, transaction.baseline, transaction.committing) = (0, total, nil)
    }
    db.onWALCommit(checkpointPages: checkpointPages) { [self] isMain in
      guard isMain, let changes = transaction.committing.take() else { return }
      let subscribers = state.withLock { $0.subscribers }
      for subscriber in subscribers { subscriber.call(changes) }
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
      state.subscribers.append((state.nextSubscriber, subscriber))
      return state.nextSubscriber
    }
  }

  /// Removes a subscriber; a commit already telling its subscribers may still call it once.
  func unsubscribe(_ id: Int) {
    state.withLock { $0.subscribers.removeAll { $0.id == id } }
  }

  /// Ends every stream: the pool is closing.
  func finish() {
    let subscribers = state.withLock { state in
      defer {
        state.subscribers = []
        state.isFinished = true
      }
      return state.subscribers
    }
    for subscriber in subscribers { subscriber.call(nil) }
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
