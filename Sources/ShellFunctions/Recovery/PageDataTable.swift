import SQLiteCore

/// The eponymous virtual tables `sqlite_dbdata` (`pgno, cell, field, value`: each field of each
/// record on each b-tree page, the rowid as field -1) and `sqlite_dbptr` (`pgno, child`: each
/// child pointer of each interior page), with the hidden argument `schema` (default `main`),
/// as sqlite3 3.40.1's ext/recover/dbdata.c declares them.
///
/// sqlite3 reads the pages through `sqlite_dbpage`, which the system library here lacks, so its
/// tables fail with "no such table: sqlite_dbpage"; litesh reads them with ``DatabaseImage``
/// (the file through SQLite's open handle, and the `-wal` file's committed frames).
final class PageDataTable: VirtualTable {
  /// Registers both modules.
  static func register(_ registration: FunctionRegistration) throws(SQLiteError) {
    try VirtualTableModule.register("sqlite_dbdata", on: registration.db, kind: .eponymousOnly) {
      db, _ in PageDataTable(db: db, isPointers: false)
    }
    try VirtualTableModule.register("sqlite_dbptr", on: registration.db, kind: .eponymousOnly) {
      db, _ in PageDataTable(db: db, isPointers: true)
    }
  }

  /// The plan bits `xBestIndex` gives `xFilter`.
  enum Plan {
    static let schema: Int32 = 1
    static let page: Int32 = 2
  }

  /// The connection whose pages are read.
  private let db: OpaquePointer
  /// Whether this is `sqlite_dbptr`.
  private let isPointers: Bool

  init(db: OpaquePointer, isPointers: Bool) {
    self.db = db
    self.isPointers = isPointers
  }

  var declaration: SQLText {
    isPointers
      ? SQLText("CREATE TABLE x(pgno INTEGER, child INTEGER, schema TEXT HIDDEN)")
      : SQLText(
        "CREATE TABLE x(pgno INTEGER, cell INTEGER, field INTEGER, value ANY, schema TEXT HIDDEN)")
  }

  func openCursor() -> PageDataCursor { PageDataCursor(db: db, isPointers: isPointers) }

  /// Takes `schema = ?` and `pgno = ?`; a scan of one page costs far less than of all.
  func bestIndex(_ info: IndexInfo) throws(VirtualTableError) {
    let schemaColumn: Int32 = isPointers ? 2 : 4
    var schema: Int?
    var page: Int?
    for constraint in info.constraints where constraint.op == .equal {
      if constraint.column == schemaColumn {
        guard constraint.isUsable else { throw .constraint }
        schema = constraint.index
      } else if constraint.column == 0, constraint.isUsable {
        page = constraint.index
      }
    }
    var plan: Int32 = 0
    var argument: Int32 = 0
    if let schema {
      argument += 1
      info.use(schema, asArgument: argument)
      plan |= Plan.schema
    }
    if let page {
      argument += 1
      info.use(page, asArgument: argument, omit: false)
      plan |= Plan.page
    }
    info.plan = plan
    info.estimatedCost = page == nil ? 100_000_000 : 100
  }
}
