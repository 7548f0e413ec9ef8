import CSQLite

/// A row a statement inserted, updated or deleted, as the update hook reports it.
public struct RowChange: Sendable, Hashable {
  /// What happened to the row.
  public enum Kind: Sendable, Hashable {
    /// The row was inserted.
    case insert
    /// The row was updated.
    case update
    /// The row was deleted.
    case delete
  }

  /// What happened to the row.
  public var kind: Kind
  /// The database holding the table: `main`, `temp`, or an attached name.
  public var database: String
  /// The table's name.
  public var table: String
  /// The row's rowid (after the change, for an update that changed it).
  public var rowID: Int64

  /// Creates a change.
  public init(kind: Kind, database: String, table: String, rowID: Int64) {
    self.kind = kind
    self.database = database
    self.table = table
    self.rowID = rowID
  }
}

/// What the hooks hold, kept alive by the connection's handle.
struct HookBoxes {
  var rowChange: HookPair<(RowChange) -> Void>?
  var commit: HookPair<() throws -> Void>?
  var rollback: HookPair<() -> Void>?
  /// The pool's change observation, the WAL hook's context (``Connection/setLibraryHooks(_:)``).
  var walCommit: ChangeObservation?
}

/// One SQLite hook shared by the user's handler and the library's own (a pool's change
/// observation), so that setting one never removes the other.
///
/// The library's side is the ``ChangeObservation`` itself, not a closure: the trampolines call
/// its methods directly, which spares the writer a closure context and a reabstraction thunk
/// per hook call (session 12).
final class HookPair<User> {
  /// The handler set with the public API (``Connection/onCommit(_:)``, ...).
  var user: User?
  /// The library's side, called first (after the user's veto for the commit hook).
  ///
  /// Unretained, so that a call takes no retain and release: the handle's
  /// ``HookBoxes/walCommit`` holds it, set with it and kept until the handle goes.
  var library: Unmanaged<ChangeObservation>?

  var isEmpty: Bool { user == nil && library == nil }
}

extension Connection {
  /// Calls `handler` for each row a statement inserts, updates or deletes in a rowid table.
  ///
  /// `nil` removes the handler. SQLite does not report changes to `WITHOUT ROWID` tables, to its own tables
  /// (`sqlite_schema`, `sqlite_sequence`), rows a `REPLACE` removes, or rows a `DELETE` without
  /// `WHERE` clears all at once (the truncate optimization). A change reported here may still be
  /// rolled back: pair it with ``onCommit(_:)`` and ``onRollback(_:)`` to act on committed
  /// changes only. The handler runs inside `sqlite3_step` and must not use this connection.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/update_hook.html>
  public func onRowChange(_ handler: ((RowChange) -> Void)?) {
    setHalf(of: \.hookBoxes.rowChange, { $0.user = handler }, hook: installRowChangeHook)
  }

  /// Sets the library's side of the row-change, commit and rollback hooks, keeping the user's
  /// handlers.
  ///
  /// It also becomes the WAL hook's (``setWALCommitObserver(_:)``), which keeps it alive.
  func setLibraryHooks(_ observation: ChangeObservation) {
    setWALCommitObserver(observation)
    let library = Unmanaged.passUnretained(observation)
    setHalf(of: \.hookBoxes.rowChange, { $0.library = library }, hook: installRowChangeHook)
    setHalf(of: \.hookBoxes.commit, { $0.library = library }, hook: installCommitHook)
    setHalf(of: \.hookBoxes.rollback, { $0.library = library }, hook: installRollbackHook)
  }

  private func installRowChangeHook(_ db: OpaquePointer, _ context: UnsafeMutableRawPointer?) {
    sqlite3_update_hook(db, context == nil ? nil : rowChangeTrampoline, context)
  }

  /// Calls `handler` as each transaction is about to commit.
  ///
  /// An error it throws turns the commit into a rollback, and the `COMMIT` (or the statement
  /// that autocommits) fails with ``ResultCode/constraintCommitHook``. `nil` removes the
  /// handler. The handler must not use this connection.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/commit_hook.html>
  public func onCommit(_ handler: (() throws -> Void)?) {
    setHalf(of: \.hookBoxes.commit, { $0.user = handler }, hook: installCommitHook)
  }

  private func installCommitHook(_ db: OpaquePointer, _ context: UnsafeMutableRawPointer?) {
    sqlite3_commit_hook(db, context == nil ? nil : commitTrampoline, context)
  }

  /// Calls `handler` after each transaction rolls back.
  ///
  /// That is by `ROLLBACK`, by an error that ends the transaction, by ``onCommit(_:)``'s veto,
  /// or by closing the connection with one open; not by `ROLLBACK TO` a savepoint. `nil`
  /// removes the handler. The handler must not use this connection.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/commit_hook.html>
  public func onRollback(_ handler: (() -> Void)?) {
    setHalf(of: \.hookBoxes.rollback, { $0.user = handler }, hook: installRollbackHook)
  }

  private func installRollbackHook(_ db: OpaquePointer, _ context: UnsafeMutableRawPointer?) {
    sqlite3_rollback_hook(db, context == nil ? nil : rollbackTrampoline, context)
  }

  /// Sets one half of the hook pair in `slot` with `set`, keeping the other.
  ///
  /// The pair's first handler installs the hook, `hook(handle.liveDB, pair)`; its last one
  /// removes it, `hook(handle.db, nil)` (nothing to remove on a closed connection). The
  /// handle's `hookBoxes` keeps the pair alive while SQLite holds it, unretained.
  private func setHalf<User>(
    of slot: ReferenceWritableKeyPath<ConnectionHandle, HookPair<User>?>,
    _ set: (HookPair<User>) -> Void,
    hook: (OpaquePointer, UnsafeMutableRawPointer?) -> Void
  ) {
    let pair = handle[keyPath: slot] ?? HookPair()
    set(pair)
    guard !pair.isEmpty else {
      if !handle.isClosed { hook(handle.db, nil) }
      handle[keyPath: slot] = nil
      return
    }
    guard handle[keyPath: slot] == nil else { return }
    hook(handle.liveDB, Unmanaged.passUnretained(pair).toOpaque())
    handle[keyPath: slot] = pair
  }

  /// Makes `observation` the WAL hook's: after each commit to a WAL database, once the commit
  /// is durable and the write lock released, ``ChangeObservation/walCommitted(db:name:frames:)``
  /// reports it, then checkpoints passively once the WAL holds its `checkpointPages` frames, as
  /// `PRAGMA wal_autocheckpoint` would (0: never).
  ///
  /// Replaces the automatic checkpoint, for as long as the connection is open.
  private func setWALCommitObserver(_ observation: ChangeObservation) {
    _ = installWALHook(handle.liveDB, Unmanaged.passUnretained(observation).toOpaque())
    handle.hookBoxes.walCommit = observation
  }
}

/// The C side of the row-change hook: the library's side (with the C names), then the user's
/// handler (with a ``RowChange``, made only for it).
///
/// Each trampoline reads the pair only before it calls the user's handler, which may set its
/// hook to `nil` and so free the pair (the docs forbid using the connection there, but that is
/// no reason for a use after free).
private let rowChangeTrampoline:
  @convention(c) (
    UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int64
  ) -> Void = { context, operation, database, table, rowID in
    guard let context else { return }
    // _withUnsafeGuaranteedRef: the handle's `hookBoxes` keeps the pair; no retain per call.
    Unmanaged<HookPair<(RowChange) -> Void>>.fromOpaque(context)._withUnsafeGuaranteedRef { pair in
      if let library = pair.library, let database, let table {
        library._withUnsafeGuaranteedRef { $0.rowChanged(database: database, table: table) }
      }
      guard let user = pair.user else { return }
      let kind: RowChange.Kind
      switch operation {
      case SQLITE_INSERT: kind = .insert
      case SQLITE_DELETE: kind = .delete
      default: kind = .update
      }
      let change = RowChange(
        kind: kind, database: database.map { String(cString: $0) } ?? "",
        table: table.map { String(cString: $0) } ?? "", rowID: rowID)
      user(change)
    }
  }

/// The C side of the commit hook: non-zero (a rollback) when the user's handler throws.
private let commitTrampoline: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
  guard let context else { return 0 }
  return Unmanaged<HookPair<() throws -> Void>>.fromOpaque(context)._withUnsafeGuaranteedRef {
    pair in
    // Read before the user's handler runs: one that removes itself may free the pair. The
    // library's side outlives it (the handle's `hookBoxes.walCommit` holds it).
    let library = pair.library
    // The user's veto first: the library's side then records a commit that happens.
    if let user = pair.user {
      do { try user() } catch { return 1 }
    }
    library?._withUnsafeGuaranteedRef { $0.committing() }
    return 0
  }
}

/// The C side of the rollback hook: the library's side, then the user's handler.
private let rollbackTrampoline: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
  guard let context else { return }
  Unmanaged<HookPair<() -> Void>>.fromOpaque(context)._withUnsafeGuaranteedRef { pair in
    pair.library?._withUnsafeGuaranteedRef { $0.rolledBack() }
    pair.user?()
  }
}

/// The C side of the WAL hook: ``ChangeObservation/walCommitted(db:name:frames:)``.
private let walCommitTrampoline:
  @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32 =
    { context, db, name, frames in
      guard let context, let db else { return SQLITE_OK }
      Unmanaged<ChangeObservation>.fromOpaque(context)._withUnsafeGuaranteedRef {
        $0.walCommitted(db: db, name: name, frames: frames)
      }
      return SQLITE_OK
    }

/// Makes ``walCommitTrampoline`` with `context` the WAL hook of `db`; the previous hook's
/// context, which for SQLite's automatic checkpoint is its page count.
@inline(__always)
func installWALHook(_ db: OpaquePointer, _ context: UnsafeMutableRawPointer)
  -> UnsafeMutableRawPointer?
{
  sqlite3_wal_hook(db, walCommitTrampoline, context)
}

/// Whether a database name from SQLite is `main`, on its bytes: no `String` per commit.
@inline(__always)
func isMainDatabase(_ name: UnsafePointer<CChar>) -> Bool {
  // "main" and its terminating NUL; a shorter name stops at its own NUL.
  name[0] == 0x6D && name[1] == 0x61 && name[2] == 0x69 && name[3] == 0x6E && name[4] == 0
}
