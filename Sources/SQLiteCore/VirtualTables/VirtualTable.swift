/// A virtual table written in Swift: what SQLite's `sqlite3_module` asks of a table object.
///
/// A table type declares its columns, plans scans (``bestIndex(_:)``) and opens cursors;
/// ``VirtualTableModule/register(_:on:kind:risk:_:)`` builds the one C module that drives any
/// such type. Tables that accept writes or take part in transactions also conform to
/// ``UpdatableVirtualTable`` or ``TransactionalVirtualTable``.
///
/// Lifetime: the table object is retained by the `sqlite3_vtab` SQLite holds, from `xConnect`
/// (or `xCreate`) until `xDisconnect` (or `xDestroy`) releases it; a cursor likewise from `xOpen`
/// until `xClose`, which calls ``VirtualTableCursor/close()`` first. Every cursor of a table is
/// closed before the table is disconnected. A table is a class because its cursors, and SQLite,
/// share it by identity.
///
/// Related SQLite documentation: <https://www.sqlite.org/vtab.html>
package protocol VirtualTable: AnyObject {
  /// One scan of the table.
  associatedtype Cursor: VirtualTableCursor

  /// The `CREATE TABLE` statement that declares the table's columns (`sqlite3_declare_vtab`),
  /// as bytes: names taken from a schema need not be UTF-8.
  var declaration: SQLText { get }

  /// Chooses how to scan for the constraints and order SQLite offers (`xBestIndex`).
  ///
  /// Throw ``VirtualTableError/constraint`` to refuse a plan (SQLite then tries another).
  func bestIndex(_ info: IndexInfo) throws(VirtualTableError)

  /// A new cursor on the table (`xOpen`).
  func openCursor() throws(VirtualTableError) -> Cursor

  /// The name of the one SQL function the table overloads for its own columns
  /// (`xFindFunction`), `nil` for none.
  ///
  /// The function must also exist on the connection (``VirtualTableModule/overloadFunction(_:on:)``).
  static var overloadedFunction: String? { get }

  /// Runs the overloaded function on this table's behalf: `zipfile_cds(z)`.
  func callOverloadedFunction(_ context: FunctionContext, _ arguments: FunctionArguments)

  /// Whether the type is an ``UpdatableVirtualTable`` (its module gets `xUpdate`).
  ///
  /// Answered by the protocols' extensions, so registering needs no dynamic cast: each
  /// `is any P.Type` asked at run time scans every conformance record in the binary (about
  /// 80k instructions each at litesh's start, where six modules are registered per connection).
  static var acceptsUpdates: Bool { get }

  /// Whether the type is a ``TransactionalVirtualTable`` (its module gets `xBegin`…`xRollback`).
  static var takesPartInTransactions: Bool { get }
}

extension VirtualTable {
  package static var overloadedFunction: String? { nil }
  package static var acceptsUpdates: Bool { false }
  package static var takesPartInTransactions: Bool { false }

  package func callOverloadedFunction(
    _ context: FunctionContext, _ arguments: FunctionArguments
  ) {}
}

/// One scan of a virtual table: SQLite's `sqlite3_vtab_cursor`.
///
/// A cursor is a class: SQLite's cursor object holds one reference to it, and each call borrows
/// that reference instead of retaining it, so a row costs no reference counting.
package protocol VirtualTableCursor: AnyObject {
  /// Starts a scan (`xFilter`) with the plan number ``IndexInfo/plan`` chose and the arguments
  /// it asked for (``IndexInfo/use(_:asArgument:omit:)``), in their order.
  func filter(plan: Int32, _ arguments: FunctionArguments) throws(VirtualTableError)

  /// Moves to the next row (`xNext`).
  func next() throws(VirtualTableError)

  /// Whether the scan has passed its last row (`xEof`).
  var isAtEnd: Bool { get }

  /// Sets column `index` of the current row on `context` (`xColumn`); setting nothing is `NULL`.
  func column(_ index: Int32, into context: FunctionContext) throws(VirtualTableError)

  /// The current row's rowid (`xRowid`).
  var rowid: Int64 { get }

  /// Releases what the scan holds, just before SQLite frees the cursor (`xClose`).
  func close()

  /// How the C module calls this type's cursors, made once per registered module.
  ///
  /// Do not implement it: the `VirtualTableCursor` extension in ShellFunctions does, for every
  /// cursor type (see ``CursorCalls`` for why there).
  static var calls: CursorCalls { get }
}

extension VirtualTableCursor {
  package func close() {}
}

/// A virtual table that accepts `INSERT`, `UPDATE` and `DELETE` (`xUpdate`).
package protocol UpdatableVirtualTable: VirtualTable {
  /// Applies one change, with SQLite's `xUpdate` arguments: a `DELETE` has one (the old key),
  /// an `INSERT` or `UPDATE` has the old key (`NULL` for an insert), the new key, then the
  /// columns. The new rowid is not reported: such tables are `WITHOUT ROWID`, or drop writes.
  func update(_ arguments: FunctionArguments, onConflict: ConflictResolution)
    throws(VirtualTableError)
}

/// A virtual table that takes part in transactions (`xBegin`, `xCommit`, `xRollback`).
package protocol TransactionalVirtualTable: VirtualTable {
  func begin() throws(VirtualTableError)
  func commit() throws(VirtualTableError)
  func rollback() throws(VirtualTableError)
}

extension UpdatableVirtualTable {
  package static var acceptsUpdates: Bool { true }
}

extension TransactionalVirtualTable {
  package static var takesPartInTransactions: Bool { true }
}

/// What an `ON CONFLICT` clause asks of the change being made (`sqlite3_vtab_on_conflict`).
package enum ConflictResolution: Int32, Sendable {
  case rollback = 1
  case ignore = 2
  case fail = 3
  case abort = 4
  case replace = 5
}

/// Which statements can name a table of the module.
package enum VirtualTableKind: Sendable {
  /// Only the table named after the module exists, as a table-valued function (`xCreate` is
  /// `NULL`): `generate_series`.
  case eponymousOnly
  /// The table named after the module exists, and `CREATE VIRTUAL TABLE` makes others
  /// (`xCreate` is `xConnect`): `zipfile`.
  case eponymous
  /// Tables exist only through `CREATE VIRTUAL TABLE` (`xCreate` differs from `xConnect`).
  case created
}

/// Where a module's tables may be used, as `sqlite3_vtab_config` declares it.
package enum VirtualTableRisk: Sendable {
  /// SQLite's default: anywhere, unless `trusted_schema` is off.
  case normal
  /// Harmless anywhere, even from a schema not trusted (`SQLITE_VTAB_INNOCUOUS`).
  case innocuous
  /// Only from top-level SQL, never from views or triggers (`SQLITE_VTAB_DIRECTONLY`).
  case directOnly
}
