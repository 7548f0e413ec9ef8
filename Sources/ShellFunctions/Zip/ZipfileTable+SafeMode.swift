import SQLiteCore

/// `-safe` for `zipfile` tables: the module registered again so that a table can reach only the
/// archive the shell itself opened (`-zip FILE`), never another file.
///
/// sqlite3 3.40.1 leaves `CREATE VIRTUAL TABLE t USING zipfile('ANY/FILE')` open under `-safe`,
/// and so does a table of that kind already in a database's schema: either reads and writes any
/// file the user can. The `zipfile(...)` table-valued function is refused by the authorizer.
extension ZipfileTable {
  static let safeModeMessage = "cannot open a zipfile table on a file in safe mode"

  /// Replaces the `zipfile` module on `registration`'s connection by one whose tables fail to
  /// open on any file but `allowedFile`; tables already open keep working.
  static func restrict(_ registration: FunctionRegistration, allowing allowedFile: [UInt8]?)
    throws(SQLiteError)
  {
    try register(registration.db) { arguments throws(VirtualTableError) in
      if let file = arguments.arguments.first.map(dequoted), file != allowedFile {
        throw VirtualTableError(safeModeMessage)
      }
      return try ZipfileTable(arguments)
    }
  }
}
