import CSQLite

/// Registers ``VirtualTable`` types as SQLite modules: the one `sqlite3_module` in the package,
/// whose C callbacks (`VirtualTableModule+Callbacks.swift`) drive any table type.
///
/// ```swift
/// try VirtualTableModule.register("generate_series", on: db, kind: .eponymousOnly) { _, _ in
///   GenerateSeries()
/// }
/// ```
package enum VirtualTableModule {
  /// Registers module `name` on the connection `db` (`sqlite3_create_module_v2`); `make` makes
  /// the table object for each `xCreate` or `xConnect`, from the connection and the table's
  /// arguments, and may throw to refuse them (its message is the statement's error).
  ///
  /// SQLite owns the registration from then on: the module and `make` are released when the
  /// module is replaced or the connection closes.
  package static func register<Table: VirtualTable>(
    _ name: String, on db: OpaquePointer, kind: VirtualTableKind,
    risk: VirtualTableRisk = .normal,
    _ make: @escaping (OpaquePointer, VirtualTableArguments) throws(VirtualTableError) -> Table
  ) throws(SQLiteError) {
    try register(
      name, on: db, kind: kind, risk: risk, updates: Table.acceptsUpdates,
      transactions: Table.takesPartInTransactions, overloads: Table.overloadedFunction != nil,
      cursor: Table.Cursor.calls,
      make: { db, arguments throws(VirtualTableError) in try make(db, arguments) })
  }

  /// ``register(_:on:kind:risk:_:)`` once the table type is known only by what it has.
  private static func register(
    _ name: String, on db: OpaquePointer, kind: VirtualTableKind, risk: VirtualTableRisk,
    updates: Bool, transactions: Bool, overloads: Bool, cursor: CursorCalls,
    make:
      @escaping (OpaquePointer, VirtualTableArguments) throws(VirtualTableError) ->
      any VirtualTable
  ) throws(SQLiteError) {
    let registration = Registration(
      module: Callbacks.module(
        kind: kind, updates: updates, transactions: transactions, overloads: overloads),
      risk: risk, cursor: cursor, make: make)
    let rc = sqlite3_create_module_v2(
      db, name, registration.module, Unmanaged.passRetained(registration).toOpaque(),
      { pointer in
        guard let pointer else { return }
        Unmanaged<Registration>.fromOpaque(pointer).release()
      })
    try check(rc, db)
  }

  /// Declares `name` as a function a virtual table overloads (`sqlite3_overload_function`):
  /// without it SQLite reports "no such function" before asking the table.
  package static func overloadFunction(_ name: String, on db: OpaquePointer) throws(SQLiteError) {
    try check(sqlite3_overload_function(db, name, -1), db)
  }

  /// Leaves `error`'s message on the table of SQLite's cursor object `cursor` (SQLite reports
  /// it for the failing call) and returns its code: how a ``CursorCalls`` closure fails.
  package static func fail(_ cursor: UnsafeMutableRawPointer, _ error: VirtualTableError) -> Int32 {
    Callbacks.fail(cursor.assumingMemoryBound(to: sqlite3_vtab_cursor.self).pointee.pVtab, error)
  }

  private static func check(_ rc: Int32, _ db: OpaquePointer) throws(SQLiteError) {
    guard rc == SQLITE_OK else {
      throw SQLiteError(
        code: ResultCode(rawValue: rc), message: String(cString: sqlite3_errmsg(db)))
    }
  }

  /// A module's client data, retained by SQLite and released in the module's destructor.
  ///
  /// It holds the module's `sqlite3_module` (which SQLite reads but does not copy), how its
  /// tables are made, where they may be used, and how their cursors are called.
  final class Registration {
    let module: UnsafeMutablePointer<sqlite3_module>
    let risk: VirtualTableRisk
    let cursor: CursorCalls
    let make: (OpaquePointer, VirtualTableArguments) throws(VirtualTableError) -> any VirtualTable

    init(
      module: sqlite3_module, risk: VirtualTableRisk, cursor: CursorCalls,
      make:
        @escaping (OpaquePointer, VirtualTableArguments) throws(VirtualTableError) ->
        any VirtualTable
    ) {
      self.module = UnsafeMutablePointer<sqlite3_module>.allocate(capacity: 1)
      self.module.initialize(to: module)
      self.risk = risk
      self.cursor = cursor
      self.make = make
    }

    deinit { module.deallocate() }
  }
}
