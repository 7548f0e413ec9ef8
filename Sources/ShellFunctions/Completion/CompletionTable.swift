import SQLiteCore

/// The `completion(PREFIX, WHOLELINE)` table-valued function of sqlite3 3.40.1: the words that
/// could finish PREFIX (or the word at the end of WHOLELINE), as sqlite3's tab completion asks.
///
/// Candidates come in phases, each filtered by a case-insensitive PREFIX: SQL keywords (1),
/// database names (7), the names in every schema (8), then the columns of every table (9),
/// found with the same queries, so in the same order, as sqlite3's. Columns: `candidate`, and
/// the hidden `prefix`, `wholeline` and `phase`.
final class CompletionTable: VirtualTable {
  static func register(_ registration: FunctionRegistration) throws(SQLiteError) {
    try VirtualTableModule.register(
      "completion", on: registration.db, kind: .eponymousOnly, risk: .innocuous
    ) { db, _ in CompletionTable(db: db) }
  }

  /// The connection the candidates' queries run on.
  private let db: OpaquePointer

  init(db: OpaquePointer) { self.db = db }

  let declaration = SQLText(
    "CREATE TABLE x(  candidate TEXT,  prefix TEXT HIDDEN,  wholeline TEXT HIDDEN,"
      + "  phase INT HIDDEN)")

  func openCursor() -> CompletionCursor { CompletionCursor(db: db) }

  /// Takes a usable `=` constraint on `prefix` (plan bit 1) and on `wholeline` (bit 2) as the
  /// arguments, in that order.
  func bestIndex(_ info: IndexInfo) {
    var plan: Int32 = 0
    var prefix: Int?
    var wholeLine: Int?
    for constraint in info.constraints where constraint.isUsable && constraint.op == .equal {
      switch constraint.column {
      case 1:
        prefix = constraint.index
        plan |= 1
      case 2:
        wholeLine = constraint.index
        plan |= 2
      default: break
      }
    }
    var argumentCount: Int32 = 0
    for case let index? in [prefix, wholeLine] {
      argumentCount += 1
      info.use(index, asArgument: argumentCount)
    }
    info.plan = plan
    info.estimatedCost = 5000 - 1000 * Double(argumentCount)
    info.estimatedRows = 500 - 100 * Int64(argumentCount)
  }
}
