import CSQLite

extension VirtualTableModule {
  /// SQLite's table object, followed by the Swift table it retains, and how its cursors are
  /// called (retained for them: every cursor is closed before its table is disconnected).
  struct TableObject {
    var base = sqlite3_vtab()
    let table: any VirtualTable
    let db: OpaquePointer
    let cursorCalls: CursorCalls

    static func from(_ pointer: UnsafeMutablePointer<sqlite3_vtab>) -> UnsafeMutablePointer<Self> {
      UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: Self.self)
    }
  }

  /// SQLite's cursor object, followed by the Swift cursor it retains and its type's calls.
  ///
  /// The cursor is retained once, at `xOpen`, and released at `xClose`; the calls between
  /// borrow it, and the ``CursorCalls`` its table holds (see `CursorCalls.swift`), so a row
  /// costs no reference counting, and each call goes through one closure compiled for the
  /// cursor's type to its own method.
  struct CursorObject {
    var base = sqlite3_vtab_cursor()
    let cursor: Unmanaged<AnyObject>
    let calls: Unmanaged<CursorCalls>

    static func from(_ pointer: UnsafeMutablePointer<sqlite3_vtab_cursor>)
      -> UnsafeMutablePointer<Self>
    {
      UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: Self.self)
    }
  }

  /// The C callbacks of every module: each finds the Swift table or cursor behind SQLite's
  /// object and calls it; a thrown ``VirtualTableError`` becomes the callback's result code and
  /// message.
  enum Callbacks {
    /// SQLite reads the table and cursor objects as their `sqlite3_vtab`/`sqlite3_vtab_cursor`.
    private static let headersComeFirst: Bool =
      MemoryLayout<TableObject>.offset(of: \TableObject.base) == 0
      && MemoryLayout<CursorObject>.offset(of: \CursorObject.base) == 0

    /// The module for tables of `kind`, with the optional methods the table type has.
    static func module(kind: VirtualTableKind, updates: Bool, transactions: Bool, overloads: Bool)
      -> sqlite3_module
    {
      precondition(headersComeFirst)
      var module = sqlite3_module()
      module.iVersion = 1
      module.xConnect = { Callbacks.construct($0, $1, $2, $3, $4, $5, isCreate: false) }
      switch kind {
      case .eponymousOnly: break
      case .eponymous:
        module.xCreate = module.xConnect
        module.xDestroy = { Callbacks.disconnect($0) }
      case .created:
        // A function of its own: SQLite makes a table eponymous when xCreate is xConnect.
        module.xCreate = { Callbacks.construct($0, $1, $2, $3, $4, $5, isCreate: true) }
        module.xDestroy = { Callbacks.disconnect($0) }
      }
      module.xDisconnect = { Callbacks.disconnect($0) }
      module.xBestIndex = { table, info in
        guard let table, let info else { return SQLITE_ERROR }
        return Callbacks.call(table) { table throws(VirtualTableError) in
          try table.bestIndex(IndexInfo(info))
        }
      }
      module.xOpen = { table, cursor in Callbacks.open(table, cursor) }
      module.xClose = { cursor in
        guard let cursor else { return SQLITE_OK }
        let object = CursorObject.from(cursor)
        let reference = object.pointee.cursor
        object.pointee.calls._withUnsafeGuaranteedRef { $0.close(reference) }
        reference.release()
        object.deinitialize(count: 1)
        object.deallocate()
        return SQLITE_OK
      }
      module.xFilter = { cursor, plan, _, count, values in
        Callbacks.call(cursor) { calls, reference, object in
          calls.filter(reference, object, plan, FunctionArguments(count: count, values: values))
        }
      }
      module.xNext = { cursor in
        Callbacks.call(cursor) { calls, reference, object in calls.next(reference, object) }
      }
      module.xEof = { cursor in
        guard let cursor else { return 1 }
        let object = CursorObject.from(cursor).pointee
        return object.calls._withUnsafeGuaranteedRef { $0.isAtEnd(object.cursor) } ? 1 : 0
      }
      module.xColumn = { cursor, context, column in
        guard let context else { return SQLITE_ERROR }
        return Callbacks.call(cursor) { calls, reference, object in
          calls.column(reference, object, column, FunctionContext(raw: context))
        }
      }
      module.xRowid = { cursor, rowid in
        guard let cursor else { return SQLITE_ERROR }
        let object = CursorObject.from(cursor).pointee
        rowid?.pointee = object.calls._withUnsafeGuaranteedRef { $0.rowid(object.cursor) }
        return SQLITE_OK
      }
      if updates {
        module.xUpdate = { table, count, values, _ in
          guard let table else { return SQLITE_ERROR }
          let db = TableObject.from(table).pointee.db
          let resolution = ConflictResolution(rawValue: sqlite3_vtab_on_conflict(db)) ?? .abort
          return Callbacks.call(table) { table throws(VirtualTableError) in
            try (table as? any UpdatableVirtualTable)?.update(
              FunctionArguments(count: count, values: values), onConflict: resolution)
          }
        }
      }
      if transactions {
        module.xBegin = {
          Callbacks.transaction($0) { table throws(VirtualTableError) in try table.begin() }
        }
        module.xCommit = {
          Callbacks.transaction($0) { table throws(VirtualTableError) in try table.commit() }
        }
        module.xRollback = {
          Callbacks.transaction($0) { table throws(VirtualTableError) in try table.rollback() }
        }
      }
      if overloads {
        module.xFindFunction = { table, _, name, function, argument in
          guard let table, let name else { return 0 }
          let object = TableObject.from(table)
          guard let overloaded = type(of: object.pointee.table).overloadedFunction,
            String(cString: name).lowercased() == overloaded.lowercased()
          else { return 0 }
          function?.pointee = { context, count, values in
            guard let context, let data = sqlite3_user_data(context) else { return }
            let object = data.assumingMemoryBound(to: TableObject.self)
            object.pointee.table.callOverloadedFunction(
              FunctionContext(raw: context), FunctionArguments(count: count, values: values))
          }
          argument?.pointee = UnsafeMutableRawPointer(object)
          return 1
        }
      }
      return module
    }

    /// `xCreate` and `xConnect`: makes the table object, declares its columns and its risk.
    private static func construct(
      _ db: OpaquePointer?, _ client: UnsafeMutableRawPointer?, _ count: Int32,
      _ arguments: UnsafePointer<UnsafePointer<CChar>?>?,
      _ table: UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_vtab>?>?,
      _ failure: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, isCreate: Bool
    ) -> Int32 {
      guard let db, let client, let table else { return SQLITE_ERROR }
      let registration = Unmanaged<Registration>.fromOpaque(client).takeUnretainedValue()
      let made: any VirtualTable
      do {
        made = try registration.make(db, VirtualTableArguments(count: count, values: arguments))
      } catch {
        if let message = error.message {
          failure?.pointee = csqlite_mprintf_string("%s", message)
        }
        return error.code
      }
      let rc = made.declaration.withCString { sqlite3_declare_vtab(db, $0) }
      guard rc == SQLITE_OK else { return rc }
      switch registration.risk {
      case .normal: break
      case .innocuous: _ = csqlite_vtab_config_innocuous(db)
      case .directOnly: _ = csqlite_vtab_config_direct_only(db)
      }
      let object = UnsafeMutablePointer<TableObject>.allocate(capacity: 1)
      object.initialize(
        to: TableObject(table: made, db: db, cursorCalls: registration.cursor))
      table.pointee = UnsafeMutableRawPointer(object).assumingMemoryBound(to: sqlite3_vtab.self)
      return SQLITE_OK
    }

    /// `xDisconnect` and `xDestroy`: releases the table and any message left on it.
    private static func disconnect(_ table: UnsafeMutablePointer<sqlite3_vtab>?) -> Int32 {
      guard let table else { return SQLITE_OK }
      if let message = table.pointee.zErrMsg { sqlite3_free(message) }
      let object = TableObject.from(table)
      object.deinitialize(count: 1)
      object.deallocate()
      return SQLITE_OK
    }

    /// `xOpen`: a cursor from the table, retained by SQLite's cursor object.
    private static func open(
      _ table: UnsafeMutablePointer<sqlite3_vtab>?,
      _ cursor: UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_vtab_cursor>?>?
    ) -> Int32 {
      guard let table, let cursor else { return SQLITE_ERROR }
      var opened: CursorObject?
      let calls = TableObject.from(table).pointee.cursorCalls
      let rc = call(table) { table throws(VirtualTableError) in
        opened = try cursorObject(of: table, calls)
      }
      guard rc == SQLITE_OK, let opened else { return rc }
      let object = UnsafeMutablePointer<CursorObject>.allocate(capacity: 1)
      object.initialize(to: opened)
      cursor.pointee = UnsafeMutableRawPointer(object).assumingMemoryBound(
        to: sqlite3_vtab_cursor.self)
      return SQLITE_OK
    }

    /// A new cursor of `table`, retained until `xClose` releases it.
    private static func cursorObject<Table: VirtualTable>(of table: Table, _ calls: CursorCalls)
      throws(VirtualTableError) -> CursorObject
    {
      CursorObject(cursor: .passRetained(try table.openCursor()), calls: .passUnretained(calls))
    }

    /// Runs `body` on the table behind `table`; an error is left on it.
    private static func call(
      _ table: UnsafeMutablePointer<sqlite3_vtab>,
      _ body: (any VirtualTable) throws(VirtualTableError) -> Void
    ) -> Int32 {
      do {
        try body(TableObject.from(table).pointee.table)
        return SQLITE_OK
      } catch {
        return fail(table, error)
      }
    }

    /// Runs `body` with the calls of the cursor behind `cursor`, the cursor and SQLite's
    /// cursor object, and returns its result code.
    ///
    /// Always inlined, so `body` is too.
    @inline(__always)
    private static func call(
      _ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?,
      _ body: (CursorCalls, Unmanaged<AnyObject>, UnsafeMutableRawPointer) -> Int32
    ) -> Int32 {
      guard let cursor else { return SQLITE_ERROR }
      let object = CursorObject.from(cursor).pointee
      return object.calls._withUnsafeGuaranteedRef { calls in
        body(calls, object.cursor, UnsafeMutableRawPointer(cursor))
      }
    }

    /// `xBegin`, `xCommit`, `xRollback`.
    private static func transaction(
      _ table: UnsafeMutablePointer<sqlite3_vtab>?,
      _ body: (any TransactionalVirtualTable) throws(VirtualTableError) -> Void
    ) -> Int32 {
      guard let table else { return SQLITE_ERROR }
      return call(table) { table throws(VirtualTableError) in
        guard let table = table as? any TransactionalVirtualTable else { return }
        try body(table)
      }
    }

    /// Leaves `error`'s message on the table (SQLite reports it for the failing call) and
    /// returns its code.
    ///
    /// Never inlined: kept out of a row's callbacks, it leaves them short.
    @inline(never)
    static func fail(
      _ table: UnsafeMutablePointer<sqlite3_vtab>?, _ error: VirtualTableError
    )
      -> Int32
    {
      if let table, let message = error.message {
        if let old = table.pointee.zErrMsg { sqlite3_free(old) }
        table.pointee.zErrMsg = csqlite_mprintf_string("%s", message)
      }
      return error.code
    }
  }
}
