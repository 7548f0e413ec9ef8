import Glibc
import SQLiteCore

/// sqlite3 3.40.1's `zipfile` virtual table: `zipfile(FILE-or-BLOB)` lists a ZIP archive, and
/// `CREATE VIRTUAL TABLE t USING zipfile(FILE)` reads and writes one (members added, changed
/// and removed are written to the file when the transaction ends).
///
/// Columns: `name`, `mode`, `mtime`, `sz`, `rawdata`, `data`, `method` and the hidden `z`.
/// Like sqlite3's, the table is direct-only, and a write appends: new data, then a new central
/// directory, after what the file held.
final class ZipfileTable: VirtualTable {
  /// The archive a created table reads and writes; `nil` for `zipfile(...)`.
  let fileName: [UInt8]?
  /// The open cursors, for `zipfile_cds` and to move those on a member that is removed.
  var cursors: [ZipfileCursor] = []
  private var lastCursorID: Int64 = 0
  /// In a write transaction: the file (opened to append) and every member, in order.
  var writer: Int32?
  var entries: [ZipEntry] = []
  var size: Int64 = 0

  /// A table from `xConnect`'s arguments: one, the file, dequoted; none only for a table named
  /// `zipfile` (the table-valued function).
  init(_ arguments: VirtualTableArguments) throws(VirtualTableError) {
    let name = String(decoding: arguments.tableName, as: UTF8.self)
    if (name.lowercased() != "zipfile" && arguments.arguments.isEmpty)
      || arguments.arguments.count > 1
    {
      throw VirtualTableError("zipfile constructor requires one argument")
    }
    fileName = arguments.arguments.first.map(Self.dequoted)
  }

  deinit { cleanUp() }

  func nextCursorID() -> Int64 {
    lastCursorID += 1
    return lastCursorID
  }

  /// Ends a write transaction without writing: closes the file, forgets the members.
  func cleanUp() {
    if let writer { close(writer) }
    writer = nil
    entries = []
    size = 0
  }

  let declaration = SQLText(
    "CREATE TABLE y(name PRIMARY KEY,mode,mtime,sz,rawdata,data,method,z HIDDEN) WITHOUT ROWID;")

  /// Registers the module, `zipfile_cds` (through the table) and the `zipfile()` aggregate.
  static func register(_ registration: FunctionRegistration) throws(SQLiteError) {
    try register(registration.db) { arguments throws(VirtualTableError) in
      try ZipfileTable(arguments)
    }
    try VirtualTableModule.overloadFunction("zipfile_cds", on: registration.db)
    try registration.aggregate("zipfile", -1, [], ZipfileAggregate.self)
  }

  /// Registers the module as `zipfile`, its tables made by `make`: eponymous (so also the
  /// `zipfile(...)` function), direct-only.
  static func register(
    _ db: OpaquePointer,
    _ make: @escaping (VirtualTableArguments) throws(VirtualTableError) -> ZipfileTable
  ) throws(SQLiteError) {
    try VirtualTableModule.register("zipfile", on: db, kind: .eponymous, risk: .directOnly) {
      _, arguments throws(VirtualTableError) in try make(arguments)
    }
  }

  /// The argument without its quotes ('', "", ``, []), a doubled quote kept once.
  static func dequoted(_ word: [UInt8]) -> [UInt8] {
    guard var quote = word.first, "\"'`[".utf8.contains(quote) else { return word }
    if quote == UInt8(ascii: "[") { quote = UInt8(ascii: "]") }
    var output: [UInt8] = []
    var index = 1
    while index < word.count {
      let byte = word[index]
      index += 1
      if byte == quote {
        guard index < word.count, word[index] == quote else { break }
        index += 1
      }
      output.append(byte)
    }
    return output
  }

  func openCursor() -> ZipfileCursor {
    let cursor = ZipfileCursor(table: self)
    cursors.append(cursor)
    return cursor
  }

  /// Uses the last usable `z =` constraint as the argument; refuses a plan where `z` has only
  /// unusable ones.
  func bestIndex(_ info: IndexInfo) throws(VirtualTableError) {
    var chosen: Int?
    var unusable = false
    for constraint in info.constraints where constraint.column == 7 {
      if !constraint.isUsable {
        unusable = true
      } else if constraint.op == .equal {
        chosen = constraint.index
      }
    }
    info.estimatedCost = 1000
    if let chosen {
      info.use(chosen, asArgument: 1)
      info.plan = 1
    } else if unusable {
      throw .constraint
    }
  }

  static let overloadedFunction: String? = "zipfile_cds"

  /// `zipfile_cds(z)`: the central record of the member under the cursor `z` names, as JSON.
  func callOverloadedFunction(_ context: FunctionContext, _ arguments: FunctionArguments) {
    let id = arguments.int64(0)
    guard let cursor = cursors.first(where: { $0.id == id }),
      let json = cursor.centralRecordJSON()
    else { return }
    context.result(text: json)
  }
}
