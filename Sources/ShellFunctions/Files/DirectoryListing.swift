import CSQLite
import SQLiteCore

/// The `fsdir(PATH[, DIR])` table-valued function of sqlite3 3.40.1's fileio extension: one row
/// per file, directory and link under PATH (PATH itself first), with the columns `name`,
/// `mode`, `mtime` and `data`, and the hidden arguments `path` and `dir`.
///
/// With DIR, PATH is read inside DIR and `name` leaves DIR out. `data` is `NULL` for a
/// directory, the target of a link, and the bytes of a file (`NULL` when it cannot be read).
/// Like sqlite3's, the table is direct-only: views and triggers cannot use it.
enum DirectoryListing {
  /// Registers the module; SQLite frees the module when the connection closes.
  static func register(_ registration: FunctionRegistration) throws(SQLiteError) {
    try VirtualTable.register("fsdir", makeModule(), registration)
  }

  /// The columns of the table, the hidden arguments last.
  private enum Column {
    static let path: Int32 = 4
    static let directory: Int32 = 5
  }

  /// `xBestIndex`'s plan numbers, as sqlite3's: no PATH, PATH alone, PATH and DIR.
  private enum Plan {
    static let missingPath: Int32 = 0
    static let path: Int32 = 1
    static let pathInDirectory: Int32 = 2
  }

  private static func makeModule() -> sqlite3_module {
    var module = sqlite3_module()
    module.xConnect = { db, _, _, _, table, _ in
      let rc = VirtualTable.connect(
        db, schema: "CREATE TABLE x(name,mode,mtime,data,path HIDDEN,dir HIDDEN)", table)
      if rc == SQLITE_OK { _ = csqlite_vtab_config_direct_only(db) }
      return rc
    }
    module.xDisconnect = { VirtualTable.disconnect($0) }
    module.xBestIndex = { _, info in
      guard let info else { return SQLITE_ERROR }
      return DirectoryListing.bestIndex(info)
    }
    module.xOpen = { _, cursor in
      let allocated = UnsafeMutablePointer<DirectoryCursor>.allocate(capacity: 1)
      allocated.initialize(to: DirectoryCursor())
      cursor?.pointee = UnsafeMutableRawPointer(allocated).assumingMemoryBound(
        to: sqlite3_vtab_cursor.self)
      return SQLITE_OK
    }
    module.xClose = { cursor in
      guard let listing = DirectoryCursor.from(cursor) else { return SQLITE_OK }
      listing.pointee.reset()
      listing.deinitialize(count: 1)
      listing.deallocate()
      return SQLITE_OK
    }
    module.xFilter = { cursor, plan, _, count, values in
      guard let listing = DirectoryCursor.from(cursor) else { return SQLITE_ERROR }
      let arguments = FunctionArguments(count: count, values: values)
      listing.pointee.reset()
      guard plan != Plan.missingPath else {
        return DirectoryListing.fail(cursor, "table function fsdir requires an argument")
      }
      // C strings, as sqlite3 reads them: up to the first NUL (a NUL kept in the path would
      // make every entry's C path the directory itself again, a walk without end).
      guard let root = arguments.textBytes(0)?.prefix(while: { $0 != 0 }).map({ $0 }) else {
        return DirectoryListing.fail(cursor, "table function fsdir requires a non-NULL argument")
      }
      let directory =
        plan == Plan.pathInDirectory
        ? arguments.textBytes(1)?.prefix(while: { $0 != 0 }).map({ $0 }) : nil
      let message = listing.pointee.start(root: root, directory: directory)
      return message.map { DirectoryListing.fail(cursor, $0) } ?? SQLITE_OK
    }
    module.xNext = { cursor in
      guard let listing = DirectoryCursor.from(cursor) else { return SQLITE_ERROR }
      return listing.pointee.advance().map { DirectoryListing.fail(cursor, $0) } ?? SQLITE_OK
    }
    module.xEof = { cursor in
      DirectoryCursor.from(cursor)?.pointee.isAtEnd ?? true ? 1 : 0
    }
    module.xColumn = { cursor, context, column in
      guard let listing = DirectoryCursor.from(cursor), let context else { return SQLITE_ERROR }
      listing.pointee.column(column, into: FunctionContext(raw: context))
      return SQLITE_OK
    }
    module.xRowid = { cursor, rowid in
      rowid?.pointee = DirectoryCursor.from(cursor)?.pointee.rowid ?? 0
      return SQLITE_OK
    }
    return module
  }

  /// Fails the call with `message` on the cursor's table, as sqlite3's cursor does.
  fileprivate static func fail(
    _ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?, _ message: String
  )
    -> Int32
  {
    VirtualTable.fail(cursor?.pointee.pVtab, message)
  }

  /// Takes the last usable `=` constraint on `path` and on `dir` as the arguments; a plan
  /// where either has only unusable ones is refused, so SQLite finds one where they are known.
  private static func bestIndex(_ info: UnsafeMutablePointer<sqlite3_index_info>) -> Int32 {
    var path: Int?
    var directory: Int?
    var unusablePath = false
    var unusableDirectory = false
    for index in 0..<Int(info.pointee.nConstraint) {
      guard let constraint = info.pointee.aConstraint?[index],
        constraint.op == UInt8(SQLITE_INDEX_CONSTRAINT_EQ)
      else { continue }
      switch constraint.iColumn {
      case Column.path:
        if constraint.usable != 0 {
          (path, unusablePath) = (index, false)
        } else if path == nil {
          unusablePath = true
        }
      case Column.directory:
        if constraint.usable != 0 {
          (directory, unusableDirectory) = (index, false)
        } else if directory == nil {
          unusableDirectory = true
        }
      default: break
      }
    }
    if unusablePath || unusableDirectory { return SQLITE_CONSTRAINT }
    guard let path else {
      info.pointee.idxNum = Plan.missingPath
      info.pointee.estimatedRows = 0x7fff_ffff
      return SQLITE_OK
    }
    info.pointee.aConstraintUsage[path].omit = 1
    info.pointee.aConstraintUsage[path].argvIndex = 1
    if let directory {
      info.pointee.aConstraintUsage[directory].omit = 1
      info.pointee.aConstraintUsage[directory].argvIndex = 2
      info.pointee.idxNum = Plan.pathInDirectory
      info.pointee.estimatedCost = 10
    } else {
      info.pointee.idxNum = Plan.path
      info.pointee.estimatedCost = 100
    }
    return SQLITE_OK
  }
}
