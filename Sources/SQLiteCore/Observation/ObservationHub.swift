import Synchronization

/// The observers of one pool's queries (``ConnectionPool/observe(_:)``): told of commits by one
/// subscriber, and fetching for every observer that waits in rounds, on one reader.
///
/// What the writer pays per commit does not grow with the observers: its WAL hook calls one
/// subscriber, which adds the changed tables to one set under a lock and, when one of them is a
/// table some observer's last fetch read, an observer waits and no round is under way, starts one;
/// a commit to other tables, or during a round or its rest, wakes nothing (and such a commit
/// with the last one's tables, which the set holds already, takes not even the lock:
/// ``State/skippable``). Matching the tables
/// against each query's, waking the observers and fetching all happen in the round, off the
/// writer's thread. A round takes the tables changed so far, marks the observers whose query read
/// one, and runs the fetch of each marked observer that waits for a value in one
/// ``ConnectionPool/read(_:)``: one reader and one snapshot, however many observers, so observers
/// never take more than one reader and one thread's share of the machine from the writer and the
/// pool's other reads. Commits that come during a round are matched in the next one, which first
/// rests nineteen times as long as the round took (``restPerRound``), so observers take at most a
/// twentieth of the time from a writer that commits without pause; an observer that has not asked
/// for its next value yet is fetched for when it asks, once, however many commits came.
final class ObservationHub: CommitSubscriber, @unchecked Sendable {
  // @unchecked Sendable, restated from CommitSubscriber (a non-final class cannot be checked):
  // its state is behind a lock and its `let`s are Sendable.
  /// What a waiting observer receives.
  enum Outcome: @unchecked Sendable {
    // @unchecked Sendable: `value` holds the observer's own `Element`, which is `Sendable`
    // (``QueryObservation`` requires it); `any Sendable` cannot be cast back to a generic.
    case value(Any)
    case failure(any Error)
    /// The pool closed, or the waiting task was cancelled.
    case end
  }

  /// One fetch on the round's reader: the value or error, and the tables it read.
  typealias Fetch = @Sendable (Connection) -> Fetched

  /// What one fetch gave.
  struct Fetched: @unchecked Sendable {
    // @unchecked Sendable: `result` holds the observer's own `Sendable` `Element` (see Outcome).
    var result: Result<Any, any Error>
    /// The tables it read; `nil` when the round's read failed before the fetch ran.
    var region: Set<String>?
  }

  private struct Entry {
    let fetch: Fetch
    /// The tables the last fetch read; `nil` before the first fetch.
    var region: Set<TableName>?
    /// A commit changed a table of `region` since the last fetch started.
    var isPending = true
    var waiter: CheckedContinuation<Outcome, Never>?
  }

  private struct State {
    var entries: [Int: Entry] = [:]
    var nextID = 0
    /// Tables changed since the last round matched them; `nil`: any table.
    var changed: Set<TableName>? = []
    /// How many entries' regions hold each table: a commit that changes none of these tables
    /// starts no round.
    var watched: [TableName: Int] = [:]
    /// Tables known to be in ``changed`` already, as SQLite spelled them.
    ///
    /// With whether they are ``watched``: a commit to the same tables as the last ones compares
    /// strings, no hashing. Emptied when either set changes otherwise.
    var recent: [(table: String, isWatched: Bool)] = []
    /// The last commit's tables version, and whether one of its tables is ``watched``.
    ///
    /// Its tables (``CommitSubscriber/committed(_:tablesVersion:)``) are in ``changed``
    /// already: a commit with the same tables as the last one compares one number. Forgotten
    /// with ``recent``.
    var knownVersion: (version: Int, isWatched: Bool)?
    /// A tables version whose commits need nothing of the hub: the writer skips the lock.
    ///
    /// It is ``knownVersion`` when none of its tables is watched or a round is under way
    /// already. Forgotten with ``recent`` (as a round takes the changed tables, before it ends).
    let skippable = SkippableVersion()
    /// Entries with a waiter.
    var waitingCount = 0
    var isRoundScheduled = false
    var isSubscribed = false
    var isClosed = false
    /// Rounds started since the hub was made (a task each; ``roundStarts``).
    var roundStarts = 0
    weak var pool: ConnectionPool?

    /// Keeps the tables entry `id`'s fetch read, and ``watched`` with them.
    mutating func setRegion(_ tables: Set<String>, of id: Int) {
      guard let entry = entries[id] else { return }
      let region = Set(tables.lazy.map(TableName.init))
      guard region != entry.region else { return }
      watch(entry.region, by: -1)
      watch(region, by: 1)
      entries[id]?.region = region
    }

    /// Forgets which tables ``changed`` holds already.
    mutating func forgetRecent() {
      recent.removeAll(keepingCapacity: true)
      knownVersion = nil
      skippable.version.store(-1, ordering: .releasing)
    }

    /// Counts `region`'s tables in (`by: 1`) or out of (`by: -1`) ``watched``.
    mutating func watch(_ region: Set<TableName>?, by step: Int) {
      forgetRecent()
      for table in region ?? [] {
        let count = watched[table, default: 0] + step
        watched[table] = count > 0 ? count : nil
      }
    }
  }

  // PoolLock, not Mutex: ThreadSanitizer sees its hand-over (see PoolLock).
  private let state: PoolLock<State>
  /// `State.skippable`, read by the writer without the lock.
  private let skippable: SkippableVersion

  override init() {
    let state = State()
    skippable = state.skippable
    self.state = PoolLock(state)
  }

  /// How many observers wait for a value now (``PoolStatistics/waitingObservers``).
  var waitingCount: Int { state.withLock { $0.waitingCount } }

  /// How many times a round of fetches was started (a task each), for the tests.
  var roundStarts: Int { state.withLock { $0.roundStarts } }

  /// Adds an observer whose first fetch is due; `nil` when the pool is closed.
  func register(_ fetch: @escaping Fetch, pool: ConnectionPool) -> Int? {
    let (id, subscribes) = state.withLock { state -> (Int?, Bool) in
      guard !state.isClosed else { return (nil, false) }
      defer { state.nextID += 1 }
      state.entries[state.nextID] = Entry(fetch: fetch)
      state.pool = pool
      defer { state.isSubscribed = true }
      return (state.nextID, !state.isSubscribed)
    }
    guard let id else { return nil }
    // Subscribed strongly: the hub holds the pool weakly, no cycle; and a weak reference would
    // be loaded at every commit.
    if subscribes, pool.observation.subscribe(self) == nil {
      close()
      return nil
    }
    return id
  }

  /// Removes an observer; a waiting `next()` of it ends.
  func unregister(_ id: Int) {
    let waiter = state.withLock { state -> CheckedContinuation<Outcome, Never>? in
      guard let entry = state.entries.removeValue(forKey: id) else { return nil }
      state.watch(entry.region, by: -1)
      if entry.waiter != nil { state.waitingCount -= 1 }
      return entry.waiter
    }
    waiter?.resume(returning: .end)
  }

  /// The observer's next fetched value or error, once a commit changed a table its query read
  /// (at once for the first); `.end` when the task is cancelled or the pool closes.
  func next(_ id: Int) async -> Outcome {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        let (now, round) = state.withLock { state -> (Outcome?, ConnectionPool?) in
          if state.isClosed || Task.isCancelled { return (.end, nil) }
          guard state.entries[id] != nil else { return (.end, nil) }
          state.entries[id]?.waiter = continuation
          state.waitingCount += 1
          let due = state.entries[id]?.isPending == true || state.changed?.isEmpty != true
          return (nil, due ? Self.scheduleRound(&state) : nil)
        }
        if let now { continuation.resume(returning: now) }
        if let round { startRound(on: round) }
      }
    } onCancel: {
      let waiter = state.withLock { state -> CheckedContinuation<Outcome, Never>? in
        guard let waiter = state.entries[id]?.waiter.take() else { return nil }
        state.waitingCount -= 1
        return waiter
      }
      waiter?.resume(returning: .end)
    }
  }

  /// The writer's WAL hook: one atomic load and nothing more while commits need nothing of the
  /// hub (``State/skippable``).
  override func committed(
    _ changes: UnsafePointer<CommittedChanges>, tablesVersion version: Int
  ) {
    if version >= 0, version == skippable.version.load(ordering: .acquiring) { return }
    receive(changes.pointee, version)
  }

  /// The pool closed.
  override func finished() { close() }

  /// A commit: on the writer's thread, right after the commit.
  ///
  /// One lock and, when the tables are the last commit's (`version`, the common case), one
  /// comparison of numbers; otherwise per changed table one string comparison when the last
  /// commits changed it too (one hash otherwise); whatever the number of observers, nothing
  /// allocated once
  /// the set of changed tables holds them: while a round runs or rests, or when no observer
  /// read a changed table, nothing more; otherwise it starts the round.
  private func receive(_ changes: CommittedChanges, _ version: Int) {
    let round = state.withLock { state -> ConnectionPool? in
      // The last commit's tables again (a version is never that of `nil` tables).
      if let known = state.knownVersion, known.version == version {
        let round = known.isWatched && state.waitingCount > 0 ? Self.scheduleRound(&state) : nil
        if !known.isWatched || state.isRoundScheduled {
          state.skippable.version.store(version, ordering: .releasing)
        }
        return round
      }
      guard !state.entries.isEmpty else { return nil }
      var isWatched = false
      if let tables = changes.tables {
        for table in tables {
          if let known = state.recent.first(where: { $0.table.utf8.elementsEqual(table.utf8) }) {
            isWatched = isWatched || known.isWatched
            continue
          }
          let name = TableName(table)
          state.changed?.insert(name)
          let isTableWatched = state.watched[name] != nil
          if state.recent.count < 8 { state.recent.append((table, isTableWatched)) }
          isWatched = isWatched || isTableWatched
        }
        state.knownVersion = (version, isWatched)
      } else {
        state.changed = nil
        state.forgetRecent()
        isWatched = !state.watched.isEmpty
      }
      guard isWatched, state.waitingCount > 0 else { return nil }
      return Self.scheduleRound(&state)
    }
    if let round { startRound(on: round) }
  }

  /// Marks a round as under way; the pool to run it on, or `nil` when one is under way already.
  private static func scheduleRound(_ state: inout State) -> ConnectionPool? {
    guard !state.isRoundScheduled, let pool = state.pool else { return nil }
    state.isRoundScheduled = true
    state.roundStarts += 1
    return pool
  }

  private func startRound(on pool: ConnectionPool) {
    Task { await self.runRounds(on: pool) }
  }

  /// How long a round rests, in multiples of its own duration, when commits came while it ran.
  ///
  /// A writer committing flat out then shares at most a twentieth of the time with the
  /// observers' fetches, which see every commit a little later, coalesced. When the writer
  /// pauses between commits, no round rests: the next commit starts one at once.
  static let restPerRound = 19

  /// The longest rest: a round slowed down by load (a sanitizer, a busy machine) must not hold
  /// the observers' next values back by 19 times that, which can be minutes.
  static let longestRest = Duration.milliseconds(100)

  /// Fetches for the observers due, round after round, until none is.
  private func runRounds(on pool: ConnectionPool) async {
    var rest = Duration.zero
    while true {
      if rest > .zero { try? await Task.sleep(for: rest) }
      let started = ContinuousClock.now
      let due = state.withLock { state -> [(Int, Fetch)] in
        var due: [(Int, Fetch)] = []
        for index in state.entries.indices {
          let entry = state.entries.values[index]
          let isPending = entry.isPending || Self.intersects(state.changed, entry.region)
          if isPending, entry.waiter != nil {
            state.entries.values[index].isPending = false
            due.append((state.entries.keys[index], entry.fetch))
          } else if isPending != entry.isPending {
            state.entries.values[index].isPending = true
          }
        }
        if state.changed == nil {
          state.changed = []
        } else {
          state.changed?.removeAll(keepingCapacity: true)
        }
        state.forgetRecent()
        if due.isEmpty || state.isClosed {
          state.isRoundScheduled = false
        }
        return state.isClosed ? [] : due
      }
      if due.isEmpty { return }
      var results: [(Int, Fetched)]
      do {
        results = try await pool.read { db in due.map { id, fetch in (id, fetch(db)) } }
      } catch {
        results = due.map { id, _ in (id, Fetched(result: .failure(error), region: nil)) }
      }
      let wakeUps = state.withLock { state in
        results.compactMap { id, fetched -> (CheckedContinuation<Outcome, Never>, Outcome)? in
          if let region = fetched.region { state.setRegion(region, of: id) }
          guard let waiter = state.entries[id]?.waiter.take() else { return nil }
          state.waitingCount -= 1
          if state.isClosed { return (waiter, .end) }
          switch fetched.result {
          case .success(let value): return (waiter, .value(value))
          case .failure(let error): return (waiter, .failure(error))
          }
        }
      }
      for (waiter, outcome) in wakeUps { waiter.resume(returning: outcome) }
      let isWriterBusy = state.withLock { $0.changed?.isEmpty != true }
      rest =
        isWriterBusy
        ? min((ContinuousClock.now - started) * Self.restPerRound, Self.longestRest) : .zero
    }
  }

  /// The pool closed: every waiting observer ends, and no observer is added.
  private func close() {
    let waiters = state.withLock { state in
      state.isClosed = true
      state.waitingCount = 0
      var waiters: [CheckedContinuation<Outcome, Never>] = []
      for id in state.entries.keys {
        if let waiter = state.entries[id]?.waiter.take() { waiters.append(waiter) }
      }
      return waiters
    }
    for waiter in waiters { waiter.resume(returning: .end) }
  }

  private static func intersects(_ changed: Set<TableName>?, _ region: Set<TableName>?) -> Bool {
    guard let region else { return true }
    guard let changed else { return !region.isEmpty }
    return !changed.isDisjoint(with: region)
  }
}

/// The hub's `State.skippable`: a tables version the writer reads without the hub's lock.
final class SkippableVersion: Sendable {
  let version = Atomic(-1)
}

/// A table's name as SQL compares it: ASCII letters equal in either case.
///
/// Hashing and comparing fold the bytes as they go, so the writer's commit path allocates no
/// folded copy.
struct TableName: Hashable, Sendable {
  let name: String

  init(_ name: String) { self.name = name }

  static func == (lhs: TableName, rhs: TableName) -> Bool {
    // Bytes, never `String ==`: that equates canonically equivalent spellings, which SQLite
    // (and `hash(into:)`) tell apart. The same spelling, the common case, is the same bytes.
    guard lhs.name.utf8.count == rhs.name.utf8.count else { return false }
    return lhs.name.utf8.elementsEqual(rhs.name.utf8) { folded($0) == folded($1) }
  }

  func hash(into hasher: inout Hasher) {
    // Eight folded bytes a word: one `combine` for a name of up to 8 bytes.
    var word: UInt64 = 0
    var shift: UInt64 = 0
    for byte in name.utf8 {
      word |= UInt64(Self.folded(byte)) << shift
      shift += 8
      if shift == 64 {
        hasher.combine(word)
        (word, shift) = (0, 0)
      }
    }
    hasher.combine(word)
  }

  @inline(__always)
  private static func folded(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte + 32 : byte }
}
