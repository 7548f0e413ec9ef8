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

/// The closures the hooks hold, kept alive by the connection's handle.
struct HookBoxes {
  var rowChange: HookPair<(RowChange) -> Void, RawRowChangeHandler>?
  var commit: HookPair<() throws -> Void, () throws -> Void>?
  var rollback: HookPair<() -> Void, () -> Void>?
  var walCommit: WALCommitHook?
}

/// The library's row-change handler: the database's and the table's C names.
///
/// The names are SQLite's, valid only during the call. No ``RowChange`` (two `String`s) is made
/// for it: one is made only when a user's handler is set.
typealias RawRowChangeHandler = (
  _ database: UnsafePointer<CChar>, _ table: UnsafePointer<CChar>
) -> Void

/// One SQLite hook shared by the user's handler and the library's own (a pool's change
/// observation), so that setting one never removes the other.
final class HookPair<User, Library> {
  /// The handler set with the public API (``Connection/onCommit(_:)``, ...).
  var user: User?
  /// The library's handler, called first.
  var library: Library?

  var isEmpty: Bool { user == nil && library == nil }
}

/// A WAL hook that reports each commit written to the WAL and keeps SQLite's automatic
/// checkpoint, which is itself a WAL hook that any other would replace.
final class WALCommitHook {
  /// Pages in the WAL that start a checkpoint (0: none); `PRAGMA wal_autocheckpoint` changes
  /// it (``ConnectionHandle/restoreWALCommitHook()``).
  var checkpointPages: Int32
  /// Called with whether the database is `main` (compared on the C name's bytes).
  let committed: (_ isMain: Bool) -> Void

  init(checkpointPages: Int32, _ committed: @escaping (_ isMain: Bool) -> Void) {
    self.checkpointPages = checkpointPages
    self.committed = committed
  }
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

  /// Sets the library's row-change handler, keeping the user's.
  func setLibraryRowChangeHandler(_ handler: RawRowChangeHandler?) {
    setHalf(of: \.hookBoxes.rowChange, { $0.library = handler }, hook: installRowChangeHook)
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
    setCommitHandler(library: false, handler)
  }

  /// Sets the user's or the library's commit handler, keeping the other.
  func setCommitHandler(library: Bool, _ handler: (() throws -> Void)?) {
    setHalf(of: \.hookBoxes.commit, library: library, handler) { db, context in
      sqlite3_commit_hook(db, context == nil ? nil : commitTrampoline, context)
    }
  }

  /// Calls `handler` after each transaction rolls back.
  ///
  /// That is by `ROLLBACK`, by an error that ends the transaction, by ``onCommit(_:)``'s veto,
  /// or by closing the connection with one open; not by `ROLLBACK TO` a savepoint. `nil`
  /// removes the handler. The handler must not use this connection.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/commit_hook.html>
  public func onRollback(_ handler: (() -> Void)?) {
    setRollbackHandler(library: false, handler)
  }

  /// Sets the user's or the library's rollback handler, keeping the other.
  func setRollbackHandler(library: Bool, _ handler: (() -> Void)?) {
    setHalf(of: \.hookBoxes.rollback, library: library, handler) { db, context in
      sqlite3_rollback_hook(db, context == nil ? nil : rollbackTrampoline, context)
    }
  }

  /// Sets the user's or the library's half of a hook pair whose halves have one type.
  private func setHalf<Function>(
    of slot: ReferenceWritableKeyPath<ConnectionHandle, HookPair<Function, Function>?>,
    library: Bool, _ handler: Function?, hook: (OpaquePointer, UnsafeMutableRawPointer?) -> Void
  ) {
    setHalf(
      of: slot, { pair in if library { pair.library = handler } else { pair.user = handler } },
      hook: hook)
  }

  /// Sets one half of the hook pair in `slot` with `set`, keeping the other.
  ///
  /// The pair's first handler installs the hook, `hook(handle.liveDB, pair)`; its last one
  /// removes it, `hook(handle.db, nil)` (nothing to remove on a closed connection). The
  /// handle's `hookBoxes` keeps the pair alive while SQLite holds it, unretained.
  private func setHalf<User, Library>(
    of slot: ReferenceWritableKeyPath<ConnectionHandle, HookPair<User, Library>?>,
    _ set: (HookPair<User, Library>) -> Void,
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

  /// Calls `handler` with whether the database is `main` after each commit to a WAL database, once the
  /// commit is durable and the write lock released, then checkpoints passively once the WAL
  /// holds `checkpointPages` frames, as `PRAGMA wal_autocheckpoint` would (0: never).
  ///
  /// Replaces the automatic checkpoint; `nil` puts it back with `checkpointPages`.
  func onWALCommit(checkpointPages: Int32, _ handler: ((_ isMain: Bool) -> Void)?) {
    guard let handler else {
      if !handle.isClosed { sqlite3_wal_autocheckpoint(handle.db, checkpointPages) }
      handle.hookBoxes.walCommit = nil
      return
    }
    let box = WALCommitHook(checkpointPages: checkpointPages, handler)
    sqlite3_wal_hook(handle.liveDB, walCommitTrampoline, Unmanaged.passUnretained(box).toOpaque())
    handle.hookBoxes.walCommit = box
  }
}

/// The C side of the row-change hook: the library's handler (with the C names), then the user's
/// (with a ``RowChange``, made only for it).
private let rowChangeTrampoline:
  @convention(c) (
    UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int64
  ) -> Void = { context, operation, database, table, rowID in
    guard let context else { return }
    let pair = Unmanaged<HookPair<(RowChange) -> Void, RawRowChangeHandler>>.fromOpaque(context)
      .takeUnretainedValue()
    if let library = pair.library, let database, let table { library(database, table) }
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

/// The C side of the commit hook: non-zero (a rollback) when a handler throws.
private let commitTrampoline: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
  guard let context else { return 0 }
  let pair = Unmanaged<HookPair<() throws -> Void, () throws -> Void>>.fromOpaque(context)
    .takeUnretainedValue()
  do {
    // The user's veto first: the library's handler then records a commit that happens.
    try pair.user?()
    try pair.library?()
    return 0
  } catch {
    return 1
  }
}

/// The C side of the rollback hook: the library's handler, then the user's.
private let rollbackTrampoline: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
  guard let context else { return }
  let pair = Unmanaged<HookPair<() -> Void, () -> Void>>.fromOpaque(context).takeUnretainedValue()
  pair.library?()
  pair.user?()
}

/// The C side of ``WALCommitHook``: reports the commit, then checkpoints as SQLite's own hook
/// would.
private let walCommitTrampoline:
  @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32 =
    { context, db, name, frames in
      guard let context else { return SQLITE_OK }
      let hook = Unmanaged<WALCommitHook>.fromOpaque(context).takeUnretainedValue()
      hook.committed(name.map(isMainDatabase) ?? true)
      if hook.checkpointPages > 0 && frames >= hook.checkpointPages {
        _ = sqlite3_wal_checkpoint(db, name)
      }
      return SQLITE_OK
    }

/// Whether a database name from SQLite is `main`, on its bytes: no `String` per commit.
@inline(__always)
func isMainDatabase(_ name: UnsafePointer<CChar>) -> Bool {
  // "main" and its terminating NUL; a shorter name stops at its own NUL.
  name[0] == 0x6D && name[1] == 0x61 && name[2] == 0x69 && name[3] == 0x6E && name[4] == 0
}

extension ConnectionHandle {
  /// Puts the ``WALCommitHook`` back if `PRAGMA wal_autocheckpoint` (SQLite's
  /// `sqlite3_wal_autocheckpoint`, which installs its own WAL hook) replaced it, keeping the
  /// pages it asked for; call it from the commit hook, which runs before the WAL hook.
  func restoreWALCommitHook() {
    guard !isClosed, let box = hookBoxes.walCommit else { return }
    let context = Unmanaged.passUnretained(box).toOpaque()
    let previous = sqlite3_wal_hook(db, walCommitTrampoline, context)
    // SQLite's own hook holds its page count as its argument; none at all when it is 0.
    let pages = Int(bitPattern: previous)
    if previous != context, let pages = Int32(exactly: pages), pages >= 0 {
      box.checkpointPages = pages
    }
  }
}
