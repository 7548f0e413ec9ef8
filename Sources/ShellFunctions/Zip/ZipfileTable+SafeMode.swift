import CSQLite
import Glibc
import SQLiteCore

/// `-safe` for `zipfile` tables: the module registered again so that a table can reach only the
/// archive the shell itself opened (`-zip FILE`), never another file.
///
/// sqlite3 3.40.1 leaves `CREATE VIRTUAL TABLE t USING zipfile('ANY/FILE')` open under `-safe`,
/// and so does a table of that kind already in a database's schema: either reads and writes any
/// file the user can. The `zipfile(...)` table-valued function is refused by the authorizer.
extension ZipfileTable {
  /// The module's copy and the one file a table may name; SQLite's client data for the module.
  private final class Restriction {
    let module: UnsafeMutablePointer<sqlite3_module>
    let allowedFile: [UInt8]?

    init(module: sqlite3_module, allowedFile: [UInt8]?) {
      self.module = UnsafeMutablePointer<sqlite3_module>.allocate(capacity: 1)
      self.module.initialize(to: module)
      self.allowedFile = allowedFile
    }

    deinit { module.deallocate() }
  }

  static let safeModeMessage = "cannot open a zipfile table on a file in safe mode"

  /// Replaces the `zipfile` module on `registration`'s connection by one whose tables fail to
  /// open on any file but `allowedFile`; tables already open keep working.
  static func restrict(_ registration: FunctionRegistration, allowing allowedFile: [UInt8]?)
    throws(SQLiteError)
  {
    var module = makeModule()
    module.xConnect = { db, aux, count, arguments, table, error in
      guard let aux else { return SQLITE_ERROR }
      let allowed = Unmanaged<Restriction>.fromOpaque(aux).takeUnretainedValue().allowedFile
      if count > 3, let argument = arguments?[3] {
        let file = ZipfileTable.dequoted(
          Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument))))
        guard file == allowed else {
          error?.pointee = csqlite_mprintf_string("%s", ZipfileTable.safeModeMessage)
          return SQLITE_ERROR
        }
      }
      return ZipfileTable.connect(db, count, arguments, table, error)
    }
    module.xCreate = module.xConnect
    let restriction = Restriction(module: module, allowedFile: allowedFile)
    let rc = sqlite3_create_module_v2(
      registration.db, "zipfile", restriction.module,
      Unmanaged.passRetained(restriction).toOpaque(),
      { aux in
        guard let aux else { return }
        Unmanaged<Restriction>.fromOpaque(aux).release()
      })
    try registration.check(rc)
  }
}
