/// The values of a query over time, made by ``ConnectionPool/observe(_:)``.
///
/// The value comes at once, then after each commit that changed a table the query read.
/// Each iteration subscribes anew. Iterating ends (`nil`) when the task is cancelled or the pool
/// closes, and throws, once, the error of a fetch that failed.
public struct QueryObservation<Element: Sendable & Equatable>: AsyncSequence, Sendable {
  let pool: ConnectionPool
  let fetch: @Sendable (Connection) throws -> Element

  /// Starts observing.
  public func makeAsyncIterator() -> Iterator { Iterator(pool: pool, fetch: fetch) }

  /// Yields the query's value at once, then each new value after a relevant commit.
  public struct Iterator: AsyncIteratorProtocol {
    private let pool: ConnectionPool
    private let fetch: @Sendable (Connection) throws -> Element
    private var registration: Registration?
    private var last: Element?
    private var isFinished = false

    init(pool: ConnectionPool, fetch: @escaping @Sendable (Connection) throws -> Element) {
      self.pool = pool
      self.fetch = fetch
    }

    /// The first value, or the next one that differs from the last yielded.
    public mutating func next() async throws -> Element? {
      guard !isFinished else { return nil }
      do {
        guard let id = try await started() else { return finish() }
        while true {
          switch await pool.observers.next(id) {
          case .end:
            return finish()
          case .failure(let error):
            throw error
          case .value(let value):
            // The hub hands back what this iterator's own fetch returned.
            guard let value = value as? Element else { continue }
            if let last, last == value { continue }
            last = value
            return value
          }
        }
      } catch {
        if Task.isCancelled || error is CancellationError { return finish() }
        _ = finish()
        throw error
      }
    }

    /// The observer's id in the pool's hub, registered before the first fetch so that no
    /// commit after its snapshot goes unseen; `nil` when the pool is closed.
    private mutating func started() async throws -> Int? {
      if let registration { return registration.id }
      let fetch = fetch
      let registered = pool.observers.register(
        { db in
          do {
            let (value, region) = try db.trackingReads(fetch)
            return ObservationHub.Fetched(result: .success(value), region: region)
          } catch {
            return ObservationHub.Fetched(result: .failure(error), region: [])
          }
        }, pool: pool)
      guard let registered else { return nil }
      registration = Registration(hub: pool.observers, id: registered)
      try await pool.installChangeHooks()
      return registered
    }

    private mutating func finish() -> Element? {
      isFinished = true
      registration = nil
      return nil
    }
  }

  /// The observer's place in the hub, left when the last copy of the iterator goes: also when
  /// a loop ends with `break`, which neither finishes nor cancels the iteration.
  final class Registration: Sendable {
    let hub: ObservationHub
    let id: Int

    init(hub: ObservationHub, id: Int) {
      self.hub = hub
      self.id = id
    }

    deinit { hub.unregister(id) }
  }
}

extension ConnectionPool {
  /// How many rounds of observers' fetches were started (one task each): a commit to a table
  /// no observer read starts none.
  package var observationRoundStarts: Int { observers.roundStarts }

  /// Observes a query: its value at once, then again after each committed transaction that
  /// changed a table it read, skipping a value equal to the one before.
  ///
  /// ```swift
  /// for try await players in pool.observe({ db in
  ///   try db.query(Player.self, "SELECT * FROM player ORDER BY score DESC LIMIT 10")
  /// }) {
  ///   show(players)
  /// }
  /// ```
  ///
  /// `fetch` runs on a reader, like ``read(_:)``: the fetches of every observer due after a
  /// commit run one after another in one read (one reader, one snapshot), so a slow `fetch`
  /// delays the other observers' values, never the writer. The tables it reads are learned from its
  /// statements as SQLite prepares them (through views, joins and subqueries), anew at each
  /// fetch; nothing is declared. A commit to other tables costs the observer nothing; commits
  /// that come while a fetch runs lead to one more fetch, not one each. The writer never waits
  /// for observers: per commit it adds the changed tables to one set and at most starts one
  /// round of fetches, whatever the number of observers.
  ///
  /// Iterating ends when its task is cancelled or the pool closes, and throws when a fetch
  /// fails. Only this pool's writer is observed (see ``changes()``), and only tables of the
  /// main database. Details: <doc:ObservingAQuery>.
  public func observe<Value: Sendable & Equatable>(
    _ fetch: @escaping @Sendable (Connection) throws -> Value
  ) -> QueryObservation<Value> {
    QueryObservation(pool: self, fetch: fetch)
  }
}
