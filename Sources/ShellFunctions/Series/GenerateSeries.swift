import CSQLite
import SQLiteCore

/// The `generate_series(START[, STOP[, STEP]])` table-valued function, an eponymous virtual
/// table with the columns `value`, `start`, `stop` and `step`, as in sqlite3 3.40.1.
///
/// STOP defaults to 4294967295 and STEP to 1; a STEP of 0 counts as 1, a negative STEP counts
/// down (unless `ORDER BY value` asks otherwise); any `NULL` argument gives no rows. Where
/// sqlite3 lets the value wrap past the 64-bit range and runs on, litesh stops.
enum GenerateSeries {
  /// Registers the module; SQLite frees the module when the connection closes.
  static func register(_ registration: FunctionRegistration) throws(SQLiteError) {
    try VirtualTable.register("generate_series", makeModule(), registration)
  }

  /// Bits of the plan number shared by `xBestIndex` and `xFilter`.
  enum Plan {
    static let start: Int32 = 1
    static let stop: Int32 = 2
    static let step: Int32 = 4
    static let descending: Int32 = 8
    static let ascending: Int32 = 16
  }

  private static func makeModule() -> sqlite3_module {
    var module = sqlite3_module()
    module.xConnect = { db, _, _, _, table, _ in
      VirtualTable.connect(
        db, schema: "CREATE TABLE x(value,start hidden,stop hidden,step hidden)", table)
    }
    module.xDisconnect = { VirtualTable.disconnect($0) }
    module.xBestIndex = { table, info in
      guard let table, let info else { return SQLITE_ERROR }
      return GenerateSeries.bestIndex(table, info)
    }
    module.xOpen = { _, cursor in
      let allocated = UnsafeMutablePointer<SeriesCursor>.allocate(capacity: 1)
      allocated.initialize(to: SeriesCursor())
      cursor?.pointee = UnsafeMutableRawPointer(allocated).assumingMemoryBound(
        to: sqlite3_vtab_cursor.self)
      return SQLITE_OK
    }
    module.xClose = { cursor in
      SeriesCursor.from(cursor)?.deallocate()
      return SQLITE_OK
    }
    module.xFilter = { cursor, plan, _, count, arguments in
      SeriesCursor.from(cursor)?.pointee.filter(
        plan: plan, FunctionArguments(count: count, values: arguments))
      return SQLITE_OK
    }
    module.xNext = { cursor in
      SeriesCursor.from(cursor)?.pointee.advance()
      return SQLITE_OK
    }
    module.xEof = { cursor in
      SeriesCursor.from(cursor)?.pointee.isAtEnd ?? true ? 1 : 0
    }
    module.xColumn = { cursor, context, column in
      guard let series = SeriesCursor.from(cursor)?.pointee else { return SQLITE_ERROR }
      sqlite3_result_int64(context, series.column(column))
      return SQLITE_OK
    }
    module.xRowid = { cursor, rowid in
      rowid?.pointee = SeriesCursor.from(cursor)?.pointee.rowid ?? 0
      return SQLITE_OK
    }
    return module
  }

  /// Uses the last usable `=` constraint on each of start, stop and step as an argument.
  private static func bestIndex(
    _ table: UnsafeMutablePointer<sqlite3_vtab>, _ info: UnsafeMutablePointer<sqlite3_index_info>
  ) -> Int32 {
    var plan: Int32 = 0
    var unusable: Int32 = 0
    var sawStart = false
    var chosen: [Int?] = [nil, nil, nil]
    let constraintCount = Int(info.pointee.nConstraint)
    for index in 0..<constraintCount {
      guard let constraint = info.pointee.aConstraint?[index], constraint.iColumn >= 1 else {
        continue
      }
      let argument = Int(constraint.iColumn - 1)
      let mask = Int32(1) << argument
      if argument == 0 { sawStart = true }
      if constraint.usable == 0 {
        unusable |= mask
      } else if constraint.op == UInt8(SQLITE_INDEX_CONSTRAINT_EQ) {
        plan |= mask
        chosen[argument] = index
      }
    }
    var argumentCount: Int32 = 0
    for case let index? in chosen {
      argumentCount += 1
      info.pointee.aConstraintUsage[index].argvIndex = argumentCount
      info.pointee.aConstraintUsage[index].omit = 1
    }
    guard sawStart else {
      return VirtualTable.fail(table, "first argument to \"generate_series()\" missing or unusable")
    }
    if unusable & ~plan != 0 { return SQLITE_CONSTRAINT }
    if plan & 3 == 3 {
      info.pointee.estimatedCost = plan & Plan.step != 0 ? 1 : 2
      info.pointee.estimatedRows = 1000
      if info.pointee.nOrderBy == 1, let orderBy = info.pointee.aOrderBy,
        orderBy.pointee.iColumn == 0
      {
        plan |= orderBy.pointee.desc != 0 ? Plan.descending : Plan.ascending
        info.pointee.orderByConsumed = 1
      }
    } else {
      info.pointee.estimatedRows = 2_147_483_647
    }
    info.pointee.idxNum = plan
    return SQLITE_OK
  }
}
