import CSQLite
import Glibc
import SQLiteCore

/// sqlite3 3.40.1's `zipfile` virtual table: `zipfile(FILE-or-BLOB)` lists a ZIP archive, and
/// `CREATE VIRTUAL TABLE t USING zipfile(FILE)` reads and writes one (members added, changed
/// and removed are written to the file when the transaction ends).
///
/// Columns: `name`, `mode`, `mtime`, `sz`, `rawdata`, `data`, `method` and the hidden `z`.
/// Like sqlite3's, the table is direct-only, and a write appends: new data, then a new central
/// directory, after what the file held.
final class ZipfileTable {
  /// The archive a created table reads and writes; `nil` for `zipfile(...)`.
  let fileName: [UInt8]?
  let db: OpaquePointer?
  /// The open cursors, for `zipfile_cds` and to move those on a member that is removed.
  var cursors: [ZipfileCursor] = []
  private var lastCursorID: Int64 = 0
  /// In a write transaction: the file (opened to append) and every member, in order.
  var writer: Int32?
  var entries: [ZipEntry] = []
  var size: Int64 = 0

  init(fileName: [UInt8]?, db: OpaquePointer?) {
    self.fileName = fileName
    self.db = db
  }

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

  /// The table object behind SQLite's table pointer.
  static func from(_ table: UnsafeMutablePointer<sqlite3_vtab>?) -> ZipfileTable? {
    guard let table else { return nil }
    return UnsafeMutableRawPointer(table).assumingMemoryBound(to: Header.self).pointee.table
      .takeUnretainedValue()
  }

  /// SQLite's table header, followed by the table object.
  struct Header {
    var base = sqlite3_vtab()
    var table: Unmanaged<ZipfileTable>
  }

  static let schema =
    "CREATE TABLE y(name PRIMARY KEY,mode,mtime,sz,rawdata,data,method,z HIDDEN) WITHOUT ROWID;"

  /// Registers the module, `zipfile_cds` (through the table) and the `zipfile()` aggregate.
  static func register(_ registration: FunctionRegistration) throws(SQLiteError) {
    try VirtualTable.register("zipfile", makeModule(), registration)
    try registration.check(sqlite3_overload_function(registration.db, "zipfile_cds", -1))
    try registration.aggregate("zipfile", -1, [], ZipfileAggregate.self)
  }

  /// `xConnect`: one argument, the file, dequoted; none only for a table named `zipfile`.
  static func connect(
    _ db: OpaquePointer?, _ count: Int32, _ arguments: UnsafePointer<UnsafePointer<CChar>?>?,
    _ table: UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_vtab>?>?,
    _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> Int32 {
    let name = arguments?[2].map { String(cString: $0) } ?? ""
    if (name.lowercased() != "zipfile" && count < 4) || count > 4 {
      error?.pointee = csqlite_mprintf_string("%s", "zipfile constructor requires one argument")
      return SQLITE_ERROR
    }
    var file: [UInt8]?
    if count > 3, let argument = arguments?[3] {
      file = dequoted(Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument))))
    }
    let rc = sqlite3_declare_vtab(db, schema)
    if rc == SQLITE_OK, let table {
      let header = UnsafeMutablePointer<Header>.allocate(capacity: 1)
      header.initialize(
        to: Header(table: .passRetained(ZipfileTable(fileName: file, db: db))))
      table.pointee = UnsafeMutableRawPointer(header).assumingMemoryBound(to: sqlite3_vtab.self)
    }
    _ = csqlite_vtab_config_direct_only(db)
    return rc
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

  static func makeModule() -> sqlite3_module {
    var module = sqlite3_module()
    module.iVersion = 1
    module.xConnect = { db, _, count, arguments, table, error in
      ZipfileTable.connect(db, count, arguments, table, error)
    }
    // The same function: SQLite then also offers the table as `zipfile(...)` (eponymous).
    module.xCreate = module.xConnect
    module.xDisconnect = { ZipfileTable.disconnect($0) }
    module.xDestroy = module.xDisconnect
    module.xBestIndex = { _, info in
      guard let info else { return SQLITE_ERROR }
      return ZipfileTable.bestIndex(info)
    }
    module.xOpen = { table, cursor in ZipfileCursor.open(table, cursor) }
    module.xClose = { ZipfileCursor.close($0) }
    module.xFilter = { cursor, plan, _, count, values in
      ZipfileCursor.from(cursor)?.filter(plan, FunctionArguments(count: count, values: values))
        ?? SQLITE_ERROR
    }
    module.xNext = { ZipfileCursor.from($0)?.next() ?? SQLITE_ERROR }
    module.xEof = { ZipfileCursor.from($0)?.isAtEnd ?? true ? 1 : 0 }
    module.xColumn = { cursor, context, column in
      guard let context else { return SQLITE_ERROR }
      return ZipfileCursor.from(cursor)?.column(column, FunctionContext(raw: context))
        ?? SQLITE_ERROR
    }
    module.xUpdate = { table, count, values, _ in
      guard let owner = ZipfileTable.from(table) else { return SQLITE_ERROR }
      return owner.update(FunctionArguments(count: count, values: values), table)
    }
    module.xBegin = { table in ZipfileTable.from(table)?.begin(table) ?? SQLITE_ERROR }
    module.xCommit = { table in ZipfileTable.from(table)?.commit(table) ?? SQLITE_ERROR }
    module.xRollback = { table in ZipfileTable.from(table)?.commit(table) ?? SQLITE_ERROR }
    module.xFindFunction = { table, _, name, function, argument in
      guard let name, String(cString: name).lowercased() == "zipfile_cds" else { return 0 }
      function?.pointee = { context, count, values in
        ZipfileCursor.centralRecordJSON(context, count, values)
      }
      argument?.pointee = UnsafeMutableRawPointer(table)
      return 1
    }
    return module
  }

  private static func disconnect(_ table: UnsafeMutablePointer<sqlite3_vtab>?) -> Int32 {
    guard let table else { return SQLITE_OK }
    let header = UnsafeMutableRawPointer(table).assumingMemoryBound(to: Header.self)
    let owner = header.pointee.table
    owner.takeUnretainedValue().cleanUp()
    owner.release()
    if let message = table.pointee.zErrMsg { sqlite3_free(message) }
    header.deinitialize(count: 1)
    header.deallocate()
    return SQLITE_OK
  }

  /// Uses the last usable `z =` constraint as the argument; refuses a plan where `z` has only
  /// unusable ones.
  private static func bestIndex(_ info: UnsafeMutablePointer<sqlite3_index_info>) -> Int32 {
    var chosen: Int?
    var unusable = false
    for index in 0..<Int(info.pointee.nConstraint) {
      guard let constraint = info.pointee.aConstraint?[index], constraint.iColumn == 7 else {
        continue
      }
      if constraint.usable == 0 {
        unusable = true
      } else if constraint.op == UInt8(SQLITE_INDEX_CONSTRAINT_EQ) {
        chosen = index
      }
    }
    info.pointee.estimatedCost = 1000
    if let chosen {
      info.pointee.aConstraintUsage[chosen].argvIndex = 1
      info.pointee.aConstraintUsage[chosen].omit = 1
      info.pointee.idxNum = 1
    } else if unusable {
      return SQLITE_CONSTRAINT
    }
    return SQLITE_OK
  }
}
