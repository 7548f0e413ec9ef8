import CSQLite
import Synchronization

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
/// Per row the update hook compares the C table name with the last commit's names (`strcmp`,
/// a bit per name) and makes a `String` only for another table; per commit, when the tables
/// are the last commit's, the last commit's set is told again (shared, nothing allocated), with
/// the same ``Transaction/tablesVersion`` so that a subscriber can skip what it did for it;
/// the subscribers are an array kept as they come and go.
final class ChangeObservation: Sendable {
  /// A table's name as a `String` and as the C string SQLite passes (with its NUL).
  private struct Name {
    let string: String
    let bytes: [CChar]

    init(_ table: UnsafePointer<CChar>) {
      string = String(cString: table)
      bytes = Array(UnsafeBufferPointer(start: table, count: strlen(table) + 1))
    }

    func spells(_ table: UnsafePointer<CChar>) -> Bool { strcmp(bytes, table) == 0 }
  }

  /// What the writer's hooks record: only ever used on the writer, in its hooks and in
  /// ``install(on:checkpointPages:)``, which run one at a time, so it takes no lock.
  private final class Transaction: @unchecked Sendable {
    // @unchecked Sendable: used only in the writer connection's hooks and while installing
    // them, all of which run inside the writer's accesses, which never overlap.
    /// The tables of the last commit, as names and as a set, told again while they repeat.
    var lastNames: [Name] = []
    var lastTables: Set<String> = []
    /// Changes whenever ``lastTables`` does.
    var tablesVersion = 0
    /// The main database's tables with rows changed since the last commit or rollback: bit `i`
    /// for `lastNames[i]` (the first 64), and the others, each once (SQLite reports a table with
    /// the spelling of its schema, so its bytes are the same each time).
    var fromLast: UInt64 = 0
    var fresh: [Name] = []
    /// Rows the update hook reported since the last commit or rollback.
    var rows = 0
    /// `sqlite3_total_changes64` at the last commit or rollback.
    var baseline: Int64 = 0
    /// What the commit under way changed, told once the WAL has it.
    var committing: CommittedChanges?
    var committingVersion = 0
    /// The writer's copy of the subscribers, as of ``ChangeObservation/subscribersChanges``
    /// `subscribersSeen`: a commit takes no lock unless they changed.
    var subscribers: [(id: Int, call: Subscriber)] = []
    var subscribersSeen = 0

    /// Records a row of `table` in the main database.
    func record(_ table: UnsafePointer<CChar>) {
      for index in lastNames.indices.prefix(64) where lastNames[index].spells(table) {
        fromLast |= 1 << UInt64(index)
        return
      }
      for name in fresh where name.spells(table) { return }
      fresh.append(Name(table))
    }

    /// The tables of the transaction that commits, and a fresh start for the next one.
    func commit() -> Set<String> {
      let all: UInt64 = lastNames.count >= 64 ? .max : (1 << UInt64(lastNames.count)) - 1
      // Past 64 names the bits cannot tell whether the others changed too: build the set.
      if !fresh.isEmpty || fromLast != all || lastNames.count > 64 {
        var names = fresh
        for index in lastNames.indices.prefix(64) where fromLast & (1 << UInt64(index)) != 0 {
          names.append(lastNames[index])
        }
        lastNames = names
        lastTables = Set(names.lazy.map(\.string))
        tablesVersion &+= 1
      }
      rollBack()
      return lastTables
    }

    /// Forgets the tables of the transaction that ended.
    func rollBack() {
      fromLast = 0
      if !fresh.isEmpty { fresh.removeAll(keepingCapacity: true) }
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
  /// Runs on the writer's thread right after the commit: it must return at once. With the
  /// changes comes a number that is the same as the last commit's when the tables are too; -1
  /// when they are `nil`.
  typealias Subscriber = @Sendable (_ changes: CommittedChanges?, _ tablesVersion: Int) -> Void

  // PoolLock, not Mutex: observers now subscribe and leave while the writer commits, and the
  // contended Mutex hands over in the kernel, where ThreadSanitizer cannot see it (PoolLock).
  private let state = PoolLock(State())
  private let transaction = Transaction()
  /// Counts the changes to `State.subscribers`, made with the lock held.
  private let subscribersChanges = Atomic(0)

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
    // unowned(unsafe): the handle keeps this hook (its `hookBoxes`) and SQLite calls it only
    // while the handle is open; a weak reference would cost a load per commit.
    db.setCommitHandler(library: true) { [unowned(unsafe) handle = db.handle] in
      // `PRAGMA wal_autocheckpoint` replaces the WAL hook that publishes the commit.
      handle.restoreWALCommitHook()
      let total = sqlite3_total_changes64(pointer)
      let complete = total - transaction.baseline == Int64(transaction.rows)
      let tables = transaction.commit()
      transaction.committing = CommittedChanges(tables: complete ? tables : nil)
      transaction.committingVersion = complete ? transaction.tablesVersion : -1
      (transaction.rows, transaction.baseline) = (0, total)
    }
    db.setRollbackHandler(library: true) {
      transaction.rollBack()
      let total = sqlite3_total_changes64(pointer)
      (transaction.rows, transaction.baseline, transaction.committing) = (0, total, nil)
    }
    db.onWALCommit(checkpointPages: checkpointPages) { [self] isMain in
      guard isMain, let changes = transaction.committing.take() else { return }
      let seen = subscribersChanges.load(ordering: .acquiring)
      if seen != transaction.subscribersSeen {
        transaction.subscribers = state.withLock { $0.subscribers }
        transaction.subscribersSeen = seen
      }
      let version = transaction.committingVersion
      for subscriber in transaction.subscribers { subscriber.call(changes, version) }
    }
  }

  /// A new stream of the commits from now on; finished at once after ``finish()``.
  func subscribe() -> AsyncStream<CommittedChanges> {
    let (stream, continuation) = AsyncStream.makeStream(of: CommittedChanges.self)
    let id = subscribe { changes, _ in
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
      subscribersChanges.add(1, ordering: .releasing)
      return state.nextSubscriber
    }
  }

  /// Removes a subscriber; a commit already telling its subscribers may still call it once.
  func unsubscribe(_ id: Int) {
    state.withLock { state in
      state.subscribers.removeAll { $0.id == id }
      subscribersChanges.add(1, ordering: .releasing)
    }
  }

  /// Ends every stream: the pool is closing.
  func finish() {
    let subscribers = state.withLock { state in
      defer {
        state.subscribers = []
        state.isFinished = true
        subscribersChanges.add(1, ordering: .releasing)
      }
      return state.subscribers
    }
    for subscriber in subscribers { subscriber.call(nil, -1) }
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
