import CSQLite
import SQLiteCore

/// The `expert` virtual table module of the advisor's recording copy: each table records the
/// planner's offers (see ``IndexAdvisor/recordScan(of:_:)``); reading one reads a sample of
/// the user's table through `sqlite_expert_sample()`.
final class RecordingTable: UpdatableVirtualTable {
  /// Registers the module on the recording copy; `advisor` outlives the handle.
  static func register(on db: OpaquePointer, advisor: IndexAdvisor) throws(AdvisorError) {
    do {
      try VirtualTableModule.register("expert", on: db, kind: .created) {
        [unowned advisor] _, arguments throws(VirtualTableError) in
        try RecordingTable(advisor: advisor, arguments)
      }
    } catch {
      throw RawDatabase.error(db, error.code.rawValue)
    }
  }

  private unowned let advisor: IndexAdvisor
  /// Which advised table this one stands for.
  private let table: Int
  let declaration: SQLText

  /// `xCreate` and `xConnect`: the columns are the module's one argument, a quoted
  /// `CREATE TABLE`.
  init(advisor: IndexAdvisor, _ arguments: VirtualTableArguments) throws(VirtualTableError) {
    guard let quoted = arguments.arguments.first, arguments.arguments.count == 1 else {
      throw VirtualTableError("internal error!")
    }
    let tableName = String(rawBytes: arguments.tableName)
    let index =
      advisor.tables.lastIndex { $0.name.equalsIgnoringCase(tableName) }
      ?? advisor.tables.count - 1
    guard index >= 0 else { throw .error }
    self.advisor = advisor
    table = index
    declaration = SQLText(bytes: Self.dequoted(String(rawBytes: quoted)).rawBytes)
  }

  func bestIndex(_ info: IndexInfo) { advisor.recordScan(of: table, info) }

  func openCursor() -> Cursor { Cursor(advisor: advisor, table: table) }

  /// Writes are accepted and dropped.
  func update(_ arguments: FunctionArguments, onConflict: ConflictResolution) {}

  /// A scan: the statement reading the user's table, `nil` at the end.
  final class Cursor: VirtualTableCursor {
    unowned let advisor: IndexAdvisor
    let table: Int
    private var rows: OpaquePointer?

    init(advisor: IndexAdvisor, table: Int) {
      self.advisor = advisor
      self.table = table
    }

    func filter(plan: Int32, _ arguments: FunctionArguments) throws(VirtualTableError) {
      close()
      let name = advisor.tables[table].name
      do throws(AdvisorError) {
        rows = try RawDatabase.prepare(
          advisor.db, "SELECT * FROM main.\(name.singleQuoted) WHERE sqlite_expert_sample()")
      } catch {
        throw VirtualTableError(String(decoding: error.message, as: UTF8.self))
      }
      try next()
    }

    /// Steps to the next row; at the end (or on an error) finalizes the statement.
    func next() throws(VirtualTableError) {
      guard let statement = rows else { return }
      if sqlite3_step(statement) == SQLITE_ROW { return }
      rows = nil
      let rc = sqlite3_finalize(statement)
      if rc != SQLITE_OK { throw VirtualTableError(code: rc, message: nil) }
    }

    var isAtEnd: Bool { rows == nil }

    func column(_ index: Int32, into context: FunctionContext) {
      if let rows, let value = sqlite3_column_value(rows, index) {
        sqlite3_result_value(context.raw, value)
      }
    }

    var rowid: Int64 { 0 }

    func close() {
      sqlite3_finalize(rows)
      rows = nil
    }
  }

  /// The text inside SQL single quotes, each doubled quote made one.
  static func dequoted(_ quoted: String) -> String {
    guard quoted.hasPrefix("'"), quoted.hasSuffix("'"), quoted.count >= 2 else { return quoted }
    return String(quoted.dropFirst().dropLast()).replacing("''", with: "'")
  }
}
