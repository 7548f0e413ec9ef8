import CSQLite
import SQLiteCore

/// The eponymous virtual tables `sqlite_dbdata` (`pgno, cell, field, value`: each field of each
/// record on each b-tree page, the rowid as field -1) and `sqlite_dbptr` (`pgno, child`: each
/// child pointer of each interior page), with the hidden argument `schema` (default `main`),
/// as sqlite3 3.40.1's ext/recover/dbdata.c declares them.
///
/// sqlite3 reads the pages through `sqlite_dbpage`, which the system library here lacks, so its
/// tables fail with "no such table: sqlite_dbpage"; litesh reads them with ``DatabaseImage``
/// (the file through SQLite's open handle, and the `-wal` file's committed frames).
enum PageDataTable {
  /// Registers both modules.
  static func register(_ registration: FunctionRegistration) throws(SQLiteError) {
    try VirtualTable.register("sqlite_dbdata", makeModule(isPointers: false), registration)
    try VirtualTable.register("sqlite_dbptr", makeModule(isPointers: true), registration)
  }

  /// The plan bits `xBestIndex` gives `xFilter`.
  enum Plan {
    static let schema: Int32 = 1
    static let page: Int32 = 2
  }

  /// The table object: SQLite's header first, then the connection and which table this is.
  struct Table {
    var base = sqlite3_vtab()
    var db: OpaquePointer?
    var isPointers: Bool

    static func from(_ table: UnsafeMutablePointer<sqlite3_vtab>?) -> UnsafeMutablePointer<Table>? {
      precondition(MemoryLayout<Table>.offset(of: \Table.base) == 0)
      return table.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: Table.self) }
    }
  }

  private static func makeModule(isPointers: Bool) -> sqlite3_module {
    var module = sqlite3_module()
    if isPointers {
      module.xConnect = { db, _, _, _, table, _ in
        PageDataTable.connect(db, table, isPointers: true)
      }
    } else {
      module.xConnect = { db, _, _, _, table, _ in
        PageDataTable.connect(db, table, isPointers: false)
      }
    }
    module.xDisconnect = { table in
      guard let table = Table.from(table) else { return SQLITE_OK }
      if let message = table.pointee.base.zErrMsg { sqlite3_free(message) }
      table.deinitialize(count: 1)
      table.deallocate()
      return SQLITE_OK
    }
    module.xBestIndex = { table, info in
      guard let table = Table.from(table), let info else { return SQLITE_ERROR }
      return PageDataTable.bestIndex(schemaColumn: table.pointee.isPointers ? 2 : 4, info)
    }
    module.xOpen = { PageDataCursor.open(table: $0, cursor: $1) }
    module.xClose = { PageDataCursor.close($0) }
    module.xFilter = { cursor, plan, _, count, arguments in
      PageDataCursor.from(cursor)?.pointee.filter(
        plan: plan, FunctionArguments(count: count, values: arguments))
      return SQLITE_OK
    }
    module.xNext = { PageDataCursor.from($0)?.pointee.advance() == nil ? SQLITE_ERROR : SQLITE_OK }
    module.xEof = { PageDataCursor.from($0)?.pointee.isAtEnd ?? true ? 1 : 0 }
    module.xColumn = { cursor, context, column in
      guard let cursor = PageDataCursor.from(cursor), let context else { return SQLITE_ERROR }
      cursor.pointee.column(column, FunctionContext(raw: context))
      return SQLITE_OK
    }
    module.xRowid = {
      $1?.pointee = PageDataCursor.from($0)?.pointee.rowid ?? 0
      return SQLITE_OK
    }
    return module
  }

  private static func connect(
    _ db: OpaquePointer?, _ table: UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_vtab>?>?,
    isPointers: Bool
  ) -> Int32 {
    let schema =
      isPointers
      ? "CREATE TABLE x(pgno INTEGER, child INTEGER, schema TEXT HIDDEN)"
      : "CREATE TABLE x(pgno INTEGER, cell INTEGER, field INTEGER, value ANY, schema TEXT HIDDEN)"
    let rc = sqlite3_declare_vtab(db, schema)
    guard rc == SQLITE_OK, let table else { return rc }
    let allocated = UnsafeMutablePointer<Table>.allocate(capacity: 1)
    allocated.initialize(to: Table(db: db, isPointers: isPointers))
    table.pointee = UnsafeMutableRawPointer(allocated).assumingMemoryBound(to: sqlite3_vtab.self)
    return SQLITE_OK
  }

  /// Takes `schema = ?` and `pgno = ?`; a scan of one page costs far less than of all.
  private static func bestIndex(
    schemaColumn: Int32, _ info: UnsafeMutablePointer<sqlite3_index_info>
  )
    -> Int32
  {
    var schema: Int?
    var page: Int?
    for index in 0..<Int(info.pointee.nConstraint) {
      guard let constraint = info.pointee.aConstraint?[index],
        constraint.op == UInt8(SQLITE_INDEX_CONSTRAINT_EQ)
      else { continue }
      if constraint.iColumn == schemaColumn {
        guard constraint.usable != 0 else { return SQLITE_CONSTRAINT }
        schema = index
      } else if constraint.iColumn == 0, constraint.usable != 0 {
        page = index
      }
    }
    var plan: Int32 = 0
    var argument: Int32 = 0
    if let schema {
      argument += 1
      info.pointee.aConstraintUsage[schema].argvIndex = argument
      info.pointee.aConstraintUsage[schema].omit = 1
      plan |= Plan.schema
    }
    if let page {
      argument += 1
      info.pointee.aConstraintUsage[page].argvIndex = argument
      plan |= Plan.page
    }
    info.pointee.idxNum = plan
    info.pointee.estimatedCost = page == nil ? 100_000_000 : 100
    return SQLITE_OK
  }
}
