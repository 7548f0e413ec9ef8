import CSQLite
import Synchronization

/// What one transaction the pool's writer committed changed.
public struct CommittedChanges: Sendable, Hashable {
  /// The tables of the main database with rows inserted, updated or deleted; `nil` when the
  /// transaction also changed rows SQLite does not report one by one (a `DELETE` without
  /// `WHERE`, a `WITHOUT ROWID` table), so that any table may have changed; also when a
  /// statement that writes failed in it and SQLite rolled that statement back (the library then
  /// cannot tell the rows it counts from those it reported), or a blob was written in place
  /// (``Blob``), which SQLite does not report.
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

/// Told each commit of the pool's writer, then that the pool closes: the observation hub, or
/// a ``ConnectionPool/changes()`` stream.
///
/// A class, not a protocol: the writer calls each one unretained (`Unmanaged`), which an
/// existential cannot be, so that telling it takes no retain and release.
class CommitSubscriber: @unchecked Sendable {
  // @unchecked Sendable: no state of its own; each subclass is Sendable.

  /// A commit: runs on the writer's thread right after it, and must return at once.
  ///
  /// `changes` is the writer's, valid only during the call: copy `pointee` to keep it. With
  /// them comes a number that is the same as the last commit's when the tables are too; -1
  /// when they are `nil`.
  func committed(_ changes: UnsafePointer<CommittedChanges>, tablesVersion: Int) {}

  /// The pool closes: no commit follows.
  func finished() {}
}

/// The row changes of the transaction under way on the writer, and the subscribers to tell.
///
/// It is the library's side of the writer's row-change, commit, rollback and WAL hooks
/// (``HookPair``), called directly by their trampolines. Per row the update hook compares the
/// C table name with the last commit's names (`strcmp`, a bit per name) and makes a `String`
/// only for another table; per commit, when the tables are the last commit's, the last commit's
/// ``CommittedChanges`` is told again (shared, nothing allocated), with the same
/// ``Transaction/tablesVersion`` so that a subscriber can skip what it did for it; the
/// subscribers are an array kept as they come and go.
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
    /// The tables of the last commit, as names and as the changes told, told again while they
    /// repeat.
    var lastNames: [Name] = []
    var lastChanges = CommittedChanges(tables: [])
    /// What a commit whose tables are not all known changed.
    var anyTable = CommittedChanges(tables: nil)
    /// Changes whenever ``lastChanges`` does.
    var tablesVersion = 0
    /// The main database's tables with rows changed since the last commit or rollback: bit `i`
    /// for `lastNames[i]` (the first 64), and the others, each once (SQLite reports a table with
    /// the spelling of its schema, so its bytes are the same each time).
    var fromLast: UInt64 = 0
    var fresh: [Name] = []
    /// Rows the update hook reported since the last WAL hook or rollback, of every database.
    var rows = 0
    /// `sqlite3_total_changes64` at the last WAL hook or rollback.
    ///
    /// Compared in the WAL hook, not the commit hook: SQLite counts a statement's changes when
    /// it ends, after the commit when it commits by itself (outside `BEGIN`). A commit with no
    /// WAL hook (of temporary tables alone, or of nothing) leaves both to the next commit, which
    /// is then `nil` only if some of them went unreported.
    var baseline: Int64 = 0
    /// The commit hook ran, the WAL hook has not yet: ``lastChanges`` are its tables, not yet
    /// told.
    ///
    /// SQLite calls the WAL hook only when `sqlite3_step` ends a statement that commits by
    /// itself, not when `sqlite3_reset` commits one that was not stepped to its end (an
    /// `INSERT … RETURNING` read for its first row), nor for a commit of temporary tables
    /// alone, nor for one that fails after the commit hook (an I/O error, which rolls it back).
    /// So the tables stay until they are told: by the next commit's WAL hook, with that
    /// commit's own (``mergeIntoLast()``), or at the end of the writer's access
    /// (``ChangeObservation/accessEnded()``). (A `COMMIT` that fails with `SQLITE_BUSY` and
    /// stays open to be retried never gets here: SQLite takes its locks before the commit hook.)
    var isCommitting = false
    /// A rollback came while ``isCommitting``, with rows SQLite did not report: the tables
    /// still to tell are not all known.
    var isPendingIncomplete = false
    /// The count no longer tells whether every change was reported: a statement that writes
    /// failed with its transaction left open (SQLite rolled back its rows, which the update hook
    /// may have reported, ``rows``, and SQLite never counts; a `DELETE` without `WHERE` of as
    /// many rows would balance them), or a blob was written in place (neither reported nor
    /// counted).
    var isCountUnreliable = false
    /// The writer's copy of the subscribers, as of ``ChangeObservation/subscribersChanges``
    /// `subscribersSeen`: a commit takes no lock unless they changed.
    ///
    /// `subscribers` keeps them alive, and the commit calls them through `unretained`.
    private(set) var subscribers: [CommitSubscriber] = []
    private(set) var unretained = UnsafeMutableBufferPointer<Unmanaged<CommitSubscriber>>(
      start: nil, count: 0)
    var subscribersSeen = 0
    /// The writer's connection, and this observation as its WAL hook's context.
    var db: OpaquePointer?
    var walContext: UnsafeMutableRawPointer?
    /// WAL frames that start a checkpoint (0: none); `PRAGMA wal_autocheckpoint` changes it.
    var checkpointPages: Int32 = 0

    deinit { unretained.deallocate() }

    /// Makes `new` the writer's copy of the subscribers.
    func setSubscribers(_ new: [CommitSubscriber]) {
      unretained.deallocate()
      unretained = .allocate(capacity: new.count)
      _ = unretained.initialize(from: new.lazy.map(Unmanaged.passUnretained))
      subscribers = new
    }

    /// Records a row of `table` in the main database.
    func record(_ table: UnsafePointer<CChar>) {
      for index in lastNames.indices.prefix(64) where lastNames[index].spells(table) {
        fromLast |= 1 << UInt64(index)
        return
      }
      for name in fresh where name.spells(table) { return }
      fresh.append(Name(table))
    }

    /// Makes ``lastChanges`` the tables of the transaction that commits, and starts afresh.
    func commit() {
      let all: UInt64 = lastNames.count >= 64 ? .max : (1 << UInt64(lastNames.count)) - 1
      // Past 64 names the bits cannot tell whether the others changed too: build the set.
      if !fresh.isEmpty || fromLast != all || lastNames.count > 64 {
        var names = fresh
        for index in lastNames.indices.prefix(64) where fromLast & (1 << UInt64(index)) != 0 {
          names.append(lastNames[index])
        }
        lastNames = names
        lastChanges = CommittedChanges(tables: Set(names.lazy.map(\.string)))
        tablesVersion &+= 1
      }
      rollBack()
    }

    /// Whether the update hook reported every change SQLite counted (`total`) since the last
    /// WAL hook or rollback, no earlier rollback left the tables still to tell incomplete, and no
    /// failed statement spoiled the count.
    @inline(__always)
    func reportedAll(total: Int64) -> Bool {
      !isPendingIncomplete && !isCountUnreliable && total - baseline == Int64(rows)
    }

    /// Counts afresh from `total`, the changes SQLite counted so far.
    @inline(__always)
    func restartCount(at total: Int64) {
      (rows, baseline, isCountUnreliable) = (0, total, false)
    }

    /// Adds the tables of the transaction that commits to ``lastChanges``, which were never
    /// told (see ``isCommitting``), and starts afresh.
    func mergeIntoLast() {
      if !fresh.isEmpty {
        lastNames += fresh
        lastChanges = CommittedChanges(tables: Set(lastNames.lazy.map(\.string)))
        tablesVersion &+= 1
      }
      rollBack()
    }

    /// Forgets the tables of the transaction that ended.
    func rollBack() {
      fromLast = 0
      if !fresh.isEmpty { fresh.removeAll(keepingCapacity: true) }
    }
  }

  private struct State {
    var isInstalled = false
    var subscribers: [(id: Int, subscriber: CommitSubscriber)] = []
    var nextSubscriber = 0
    var isFinished = false
  }

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
    // The raw pointer, not the connection: the hooks' context holding its connection would be a
    // cycle. SQLite calls the hooks only while the handle is open.
    transaction.db = db.handle.db
    transaction.walContext = Unmanaged.passUnretained(self).toOpaque()
    transaction.checkpointPages = checkpointPages
    transaction.baseline = sqlite3_total_changes64(db.handle.db)
    // The library's side of each hook: a user's own handlers stay (HookPair).
    db.setLibraryHooks(self)
  }

  /// The update hook: a row of `table` in `database` changed.
  @inline(__always)
  func rowChanged(database: UnsafePointer<CChar>, table: UnsafePointer<CChar>) {
    transaction.rows += 1
    if isMainDatabase(database) { transaction.record(table) }
  }

  /// The commit hook, once the user's handler let the commit happen.
  func committing() {
    let transaction = transaction
    guard let db = transaction.db, let context = transaction.walContext else { return }
    // `PRAGMA wal_autocheckpoint` replaces the WAL hook that publishes the commit: put it back,
    // with the pages asked for (SQLite's own hook holds them as its argument; none when 0).
    let previous = installWALHook(db, context)
    if previous != context, let pages = Int32(exactly: Int(bitPattern: previous)), pages >= 0 {
      transaction.checkpointPages = pages
    }
    // The last commit's tables not told yet: they go with these, never lost (see
    // `isCommitting`).
    if transaction.isCommitting { transaction.mergeIntoLast() } else { transaction.commit() }
    transaction.isCommitting = true
  }

  /// The rollback hook.
  ///
  /// Tables of an earlier commit not told yet stay to be told (see `Transaction.isCommitting`):
  /// after a commit that failed past the commit hook and so rolls back, that transaction's own,
  /// told though rolled back, which costs an observer a fetch and loses no commit.
  func rolledBack() {
    let transaction = transaction
    transaction.rollBack()
    let total = transaction.db.map(sqlite3_total_changes64) ?? transaction.baseline
    if transaction.isCommitting && !transaction.reportedAll(total: total) {
      transaction.isPendingIncomplete = true
    }
    transaction.restartCount(at: total)
  }

  /// A statement that writes failed on the writer (``ConnectionHandle/stepError(_:of:sql:)``):
  /// SQLite rolled it back, with the rows the update hook reported for it, which
  /// `sqlite3_total_changes64` never counts.
  ///
  /// Unless the transaction ended with it (the rollback hook then started the count afresh) or
  /// no row was reported since the count began (then the statement reported none), the
  /// transaction's tables are told as any table: a `DELETE` without `WHERE` later in it, of as
  /// many rows as were rolled back, would otherwise balance the count and go untold. Only on
  /// this error path: nothing is added per row or per commit but one flag in ``Transaction/reportedAll(total:)``.
  func statementFailed() {
    let transaction = transaction
    guard transaction.rows > 0, let db = transaction.db, sqlite3_get_autocommit(db) == 0 else {
      return
    }
    transaction.isCountUnreliable = true
  }

  /// A blob was written in place on the writer (``Blob/write(_:at:)``), a change SQLite neither
  /// reports to the update hook nor counts: the transaction's tables are told as any table.
  func blobWritten() {
    transaction.isCountUnreliable = true
  }

  /// The end of an access to the writer, on the writer's thread: a commit whose WAL hook did
  /// not run (see `Transaction.isCommitting`) and that did end (no transaction open) is told
  /// now, before the next access, unless it changed no table of the main database.
  @inline(__always)
  func accessEnded() {
    let transaction = transaction
    guard transaction.isCommitting, let db = transaction.db, sqlite3_get_autocommit(db) != 0
    else { return }
    let total = sqlite3_total_changes64(db)
    if !transaction.reportedAll(total: total) || transaction.lastChanges.tables?.isEmpty == false {
      tellCommit(total: total)
    } else {
      transaction.isCommitting = false
      transaction.restartCount(at: total)
    }
  }

  /// The WAL hook: database `name` committed, its WAL now `frames` long.
  ///
  /// Tells the subscribers of the commit of `main`, then checkpoints as SQLite's own hook would.
  func walCommitted(db: OpaquePointer, name: UnsafePointer<CChar>?, frames: Int32) {
    let transaction = transaction
    // The statement that committed has ended: SQLite counted all its changes.
    let total = sqlite3_total_changes64(db)
    if transaction.isCommitting, name.map(isMainDatabase) ?? true {
      tellCommit(total: total)
    } else {
      transaction.restartCount(at: total)
    }
    let pages = transaction.checkpointPages
    if pages > 0 && frames >= pages { _ = sqlite3_wal_checkpoint(db, name) }
  }

  /// Tells the subscribers of the commit under way (``Transaction/lastChanges``, or any table
  /// when SQLite counted `total` changes the update hook did not all report), and starts
  /// counting afresh.
  @inline(__always)
  private func tellCommit(total: Int64) {
    let transaction = transaction
    transaction.isCommitting = false
    let seen = subscribersChanges.load(ordering: .acquiring)
    if seen != transaction.subscribersSeen {
      transaction.setSubscribers(state.withLock { $0.subscribers.map(\.subscriber) })
      transaction.subscribersSeen = seen
    }
    if transaction.reportedAll(total: total) {
      tell(&transaction.lastChanges, transaction.tablesVersion)
    } else {
      tell(&transaction.anyTable, -1)
    }
    transaction.restartCount(at: total)
    transaction.isPendingIncomplete = false
  }

  /// Tells the writer's copy of the subscribers of `changes`.
  ///
  /// Both unretained: the subscribers are the writer's own copy, which only this thread changes
  /// (above, never while telling), and `changes` is the transaction's: no retain and release
  /// per commit.
  @inline(__always)
  private func tell(_ changes: UnsafePointer<CommittedChanges>, _ version: Int) {
    let subscribers = transaction.unretained
    for index in subscribers.indices {
      subscribers[index]._withUnsafeGuaranteedRef {
        $0.committed(changes, tablesVersion: version)
      }
    }
  }

  /// A stream's subscription: yields each commit, finishes when the pool closes.
  private final class StreamSubscriber: CommitSubscriber, @unchecked Sendable {
    // @unchecked Sendable, restated from CommitSubscriber: its one `let` is Sendable.
    let continuation: AsyncStream<CommittedChanges>.Continuation

    init(_ continuation: AsyncStream<CommittedChanges>.Continuation) {
      self.continuation = continuation
    }

    override func committed(_ changes: UnsafePointer<CommittedChanges>, tablesVersion: Int) {
      continuation.yield(changes.pointee)
    }

    override func finished() { continuation.finish() }
  }

  /// A new stream of the commits from now on; finished at once after ``finish()``.
  func subscribe() -> AsyncStream<CommittedChanges> {
    let (stream, continuation) = AsyncStream.makeStream(of: CommittedChanges.self)
    guard let id = subscribe(StreamSubscriber(continuation)) else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
    return stream
  }

  /// Adds a subscriber for the commits from now on; `nil` (and no call) after ``finish()``.
  func subscribe(_ subscriber: CommitSubscriber) -> Int? {
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
    for entry in subscribers { entry.subscriber.finished() }
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
