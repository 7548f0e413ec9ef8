import CSQLite
import SQLiteCore

/// The `completion(PREFIX, WHOLELINE)` table-valued function of sqlite3 3.40.1: the words that
/// could finish PREFIX (or the word at the end of WHOLELINE), as sqlite3's tab completion asks.
///
/// Candidates come in phases, each filtered by a case-insensitive PREFIX: SQL keywords (1),
/// database names (7), the names in every schema (8), then the columns of every table (9),
/// found with the same queries, so in the same order, as sqlite3's. Columns: `candidate`, and
/// the hidden `prefix`, `wholeline` and `phase`.
enum CompletionTable {
  static func register(_ registration: FunctionRegistration) throws(SQLiteError) {
    try VirtualTable.register("completion", makeModule(), registration)
  }

  /// The table object, with the connection its queries run on.
  private struct Table {
    var base = sqlite3_vtab()
    var db: OpaquePointer?
  }

  private static func makeModule() -> sqlite3_module {
    var module = sqlite3_module()
    module.xConnect = { db, _, _, _, table, _ in
      _ = csqlite_vtab_config_innocuous(db)
      let rc = sqlite3_declare_vtab(
        db,
        "CREATE TABLE x(  candidate TEXT,  prefix TEXT HIDDEN,  wholeline TEXT HIDDEN,"
          + "  phase INT HIDDEN)")
      guard rc == SQLITE_OK, let table else { return rc }
      let allocated = UnsafeMutablePointer<Table>.allocate(capacity: 1)
      allocated.initialize(to: Table(db: db))
      table.pointee = UnsafeMutableRawPointer(allocated).assumingMemoryBound(to: sqlite3_vtab.self)
      return SQLITE_OK
    }
    module.xDisconnect = { table in
      guard let table else { return SQLITE_OK }
      if let message = table.pointee.zErrMsg { sqlite3_free(message) }
      UnsafeMutableRawPointer(table).assumingMemoryBound(to: Table.self).deallocate()
      return SQLITE_OK
    }
    module.xBestIndex = { _, info in
      guard let info else { return SQLITE_ERROR }
      return CompletionTable.bestIndex(info)
    }
    module.xOpen = { table, cursor in
      let allocated = UnsafeMutablePointer<CompletionCursor>.allocate(capacity: 1)
      let db = table.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: Table.self) }
      allocated.initialize(to: CompletionCursor(db: db?.pointee.db))
      cursor?.pointee = UnsafeMutableRawPointer(allocated).assumingMemoryBound(
        to: sqlite3_vtab_cursor.self)
      return SQLITE_OK
    }
    module.xClose = { cursor in
      guard let completion = CompletionCursor.from(cursor) else { return SQLITE_OK }
      completion.deinitialize(count: 1)
      completion.deallocate()
      return SQLITE_OK
    }
    module.xFilter = { cursor, plan, _, count, values in
      CompletionCursor.from(cursor)?.pointee.filter(
        plan: plan, FunctionArguments(count: count, values: values))
      return SQLITE_OK
    }
    module.xNext = { cursor in
      CompletionCursor.from(cursor)?.pointee.advance()
      return SQLITE_OK
    }
    module.xEof = { cursor in
      CompletionCursor.from(cursor)?.pointee.isAtEnd ?? true ? 1 : 0
    }
    module.xColumn = { cursor, context, column in
      guard let completion = CompletionCursor.from(cursor), let context else {
        return SQLITE_ERROR
      }
      completion.pointee.column(column, into: FunctionContext(raw: context))
      return SQLITE_OK
    }
    module.xRowid = { cursor, rowid in
      rowid?.pointee = CompletionCursor.from(cursor)?.pointee.rowid ?? 0
      return SQLITE_OK
    }
    return module
  }

  /// Takes a usable `=` constraint on `prefix` (plan bit 1) and on `wholeline` (bit 2) as the
  /// arguments, in that order.
  private static func bestIndex(_ info: UnsafeMutablePointer<sqlite3_index_info>) -> Int32 {
    var plan: Int32 = 0
    var prefix: Int?
    var wholeLine: Int?
    for index in 0..<Int(info.pointee.nConstraint) {
      guard let constraint = info.pointee.aConstraint?[index], constraint.usable != 0,
        constraint.op == UInt8(SQLITE_INDEX_CONSTRAINT_EQ)
      else { continue }
      switch constraint.iColumn {
      case 1:
        prefix = index
        plan |= 1
      case 2:
        wholeLine = index
        plan |= 2
      default: break
      }
    }
    var argumentCount: Int32 = 0
    for case let index? in [prefix, wholeLine] {
      argumentCount += 1
      info.pointee.aConstraintUsage[index].argvIndex = argumentCount
      info.pointee.aConstraintUsage[index].omit = 1
    }
    info.pointee.idxNum = plan
    info.pointee.estimatedCost = 5000 - 1000 * Double(argumentCount)
    info.pointee.estimatedRows = 500 - 100 * Int64(argumentCount)
    return SQLITE_OK
  }
}
