import SQLiteCore

/// The `fsdir(PATH[, DIR])` table-valued function of sqlite3 3.40.1's fileio extension: one row
/// per file, directory and link under PATH (PATH itself first), with the columns `name`,
/// `mode`, `mtime` and `data`, and the hidden arguments `path` and `dir`.
///
/// With DIR, PATH is read inside DIR and `name` leaves DIR out. `data` is `NULL` for a
/// directory, the target of a link, and the bytes of a file (`NULL` when it cannot be read).
/// Like sqlite3's, the table is direct-only: views and triggers cannot use it.
final class DirectoryListing: VirtualTable {
  /// Registers the module; SQLite frees the module when the connection closes.
  static func register(_ registration: FunctionRegistration) throws(SQLiteError) {
    try VirtualTableModule.register(
      "fsdir", on: registration.db, kind: .eponymousOnly, risk: .directOnly
    ) { _, _ in DirectoryListing() }
  }

  /// The columns of the table, the hidden arguments last.
  private enum Column {
    static let path: Int32 = 4
    static let directory: Int32 = 5
  }

  /// `xBestIndex`'s plan numbers, as sqlite3's: no PATH, PATH alone, PATH and DIR.
  enum Plan {
    static let missingPath: Int32 = 0
    static let path: Int32 = 1
    static let pathInDirectory: Int32 = 2
  }

  let declaration = SQLText("CREATE TABLE x(name,mode,mtime,data,path HIDDEN,dir HIDDEN)")

  func openCursor() -> DirectoryCursor { DirectoryCursor() }

  /// Takes the last usable `=` constraint on `path` and on `dir` as the arguments; a plan
  /// where either has only unusable ones is refused, so SQLite finds one where they are known.
  func bestIndex(_ info: IndexInfo) throws(VirtualTableError) {
    var path: Int?
    var directory: Int?
    var unusablePath = false
    var unusableDirectory = false
    for constraint in info.constraints where constraint.op == .equal {
      switch constraint.column {
      case Column.path:
        if constraint.isUsable {
          (path, unusablePath) = (constraint.index, false)
        } else if path == nil {
          unusablePath = true
        }
      case Column.directory:
        if constraint.isUsable {
          (directory, unusableDirectory) = (constraint.index, false)
        } else if directory == nil {
          unusableDirectory = true
        }
      default: break
      }
    }
    if unusablePath || unusableDirectory { throw .constraint }
    guard let path else {
      info.plan = Plan.missingPath
      info.estimatedRows = 0x7fff_ffff
      return
    }
    info.use(path, asArgument: 1)
    if let directory {
      info.use(directory, asArgument: 2)
      info.plan = Plan.pathInDirectory
      info.estimatedCost = 10
    } else {
      info.plan = Plan.path
      info.estimatedCost = 100
    }
  }
}
