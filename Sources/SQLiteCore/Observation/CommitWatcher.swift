/// Tells one observation when a commit changed a table its query read.
///
/// The pool's writer calls ``receive(_:)`` right after each commit, on its own thread: a lock
/// and a set intersection, never a wait, so observers never hold the writer up. The tables
/// every commit changed since the last fetch started are kept, so that a fetch whose tables
/// changed (a query that reads other tables depending on the data) is checked against the
/// commits made while it ran.
final class CommitWatcher: Sendable {
  private struct State {
    /// The tables the last fetch read, ASCII-folded; `nil` before the first fetch.
    var region: Set<String>?
    /// The tables changed since the current or last fetch started (folded); `nil`: any table.
    var changed: Set<String>? = []
    var isPending = false
    var isClosed = false
    var waiter: CheckedContinuation<Bool, Never>?
    var subscription: Int?
  }

  // PoolLock, not Mutex: ThreadSanitizer sees its hand-over (see PoolLock).
  private let state = PoolLock(State())
  private let observation: ChangeObservation

  /// Subscribes to `observation`'s commits; `nil` when the pool is closed already.
  init?(observation: ChangeObservation) {
    self.observation = observation
    guard let id = observation.subscribe({ [weak self] in self?.receive($0) }) else { return nil }
    state.withLock { $0.subscription = id }
  }

  deinit { cancelSubscription() }

  /// Stops listening: no later commit reaches this watcher.
  func cancelSubscription() {
    if let id = state.withLock({ $0.subscription.take() }) { observation.unsubscribe(id) }
  }

  /// A commit (`nil`: the pool closed).
  private func receive(_ changes: CommittedChanges?) {
    let waiter: CheckedContinuation<Bool, Never>? = state.withLock { state in
      guard let changes else {
        state.isClosed = true
        return state.waiter.take()
      }
      if let tables = changes.tables {
        state.changed?.formUnion(tables.lazy.map(Self.folded))
      } else {
        state.changed = nil
      }
      guard Self.intersects(state.changed, state.region) else { return nil }
      state.isPending = true
      return state.waiter.take()
    }
    waiter?.resume(returning: true)
  }

  /// Marks the start of a fetch: commits from now on may not be in its snapshot.
  func fetchWillStart() {
    state.withLock { state in
      state.changed = []
      state.isPending = false
    }
  }

  /// Records the tables the fetch read, and whether a commit during it touched them.
  func fetchDidEnd(region: Set<String>) {
    state.withLock { state in
      state.region = Set(region.map(Self.folded))
      if Self.intersects(state.changed, state.region) { state.isPending = true }
    }
  }

  /// Waits for a commit that changed a table the last fetch read; false when the task is
  /// cancelled or the pool closes.
  func waitForRelevantCommit() async -> Bool {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let ready: Bool? = state.withLock { state in
          if state.isClosed || Task.isCancelled { return false }
          if state.isPending { return true }
          state.waiter = continuation
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      state.withLock { $0.waiter.take() }?.resume(returning: false)
    }
  }

  private static func intersects(_ changed: Set<String>?, _ region: Set<String>?) -> Bool {
    guard let region else { return true }
    guard let changed else { return !region.isEmpty }
    return !changed.isDisjoint(with: region)
  }

  private static func folded(_ name: String) -> String {
    guard name.utf8.contains(where: { (65...90).contains($0) }) else { return name }
    return String(decoding: name.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
  }
}
