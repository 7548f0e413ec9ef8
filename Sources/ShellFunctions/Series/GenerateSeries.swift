import SQLiteCore

/// The `generate_series(START[, STOP[, STEP]])` table-valued function, an eponymous virtual
/// table with the columns `value`, `start`, `stop` and `step`, as in sqlite3 3.40.1.
///
/// STOP defaults to 4294967295 and STEP to 1; a STEP of 0 counts as 1, a negative STEP counts
/// down (unless `ORDER BY value` asks otherwise); any `NULL` argument gives no rows. Where
/// sqlite3 lets the value wrap past the 64-bit range and runs on, litesh stops.
final class GenerateSeries: VirtualTable {
  /// Registers the module; SQLite frees the module when the connection closes.
  static func register(_ registration: FunctionRegistration) throws(SQLiteError) {
    try VirtualTableModule.register("generate_series", on: registration.db, kind: .eponymousOnly) {
      _, _ in GenerateSeries()
    }
  }

  /// Bits of the plan number shared by `xBestIndex` and `xFilter`.
  enum Plan {
    static let start: Int32 = 1
    static let stop: Int32 = 2
    static let step: Int32 = 4
    static let descending: Int32 = 8
    static let ascending: Int32 = 16
  }

  let declaration = SQLText("CREATE TABLE x(value,start hidden,stop hidden,step hidden)")

  func openCursor() -> SeriesCursor { SeriesCursor() }

  /// Uses the last usable `=` constraint on each of start, stop and step as an argument.
  func bestIndex(_ info: IndexInfo) throws(VirtualTableError) {
    var plan: Int32 = 0
    var unusable: Int32 = 0
    var sawStart = false
    var chosen: [Int?] = [nil, nil, nil]
    for constraint in info.constraints where constraint.column >= 1 {
      let argument = Int(constraint.column - 1)
      let mask = Int32(1) << argument
      if argument == 0 { sawStart = true }
      if !constraint.isUsable {
        unusable |= mask
      } else if constraint.op == .equal {
        plan |= mask
        chosen[argument] = constraint.index
      }
    }
    var argumentCount: Int32 = 0
    for case let index? in chosen {
      argumentCount += 1
      info.use(index, asArgument: argumentCount)
    }
    guard sawStart else {
      throw VirtualTableError("first argument to \"generate_series()\" missing or unusable")
    }
    if unusable & ~plan != 0 { throw .constraint }
    if plan & 3 == 3 {
      info.estimatedCost = plan & Plan.step != 0 ? 1 : 2
      info.estimatedRows = 1000
      if let order = info.orderBy.first, info.orderBy.count == 1, order.column == 0 {
        plan |= order.isDescending ? Plan.descending : Plan.ascending
        info.isOrderConsumed = true
      }
    } else {
      info.estimatedRows = 2_147_483_647
    }
    info.plan = plan
  }
}
