import CSQLite
import SQLiteCore

/// What the shell's table-valued functions (`generate_series`, `fsdir`) share: registering a
/// module, the bare table object, and the table's error message.
enum VirtualTable {
  /// Registers `module` as `name`; SQLite frees its copy when the connection closes.
  static func register(
    _ name: String, _ module: sqlite3_module, _ registration: FunctionRegistration
  )
    throws(SQLiteError)
  {
    let allocated = UnsafeMutablePointer<sqlite3_module>.allocate(capacity: 1)
    allocated.initialize(to: module)
    let rc = sqlite3_create_module_v2(
      registration.db, name, allocated, UnsafeMutableRawPointer(allocated),
      { pointer in
        guard let pointer else { return }
        pointer.assumingMemoryBound(to: sqlite3_module.self).deallocate()
      })
    try registration.check(rc)
  }

  /// `xConnect`: declares the table's columns and hands SQLite a table object.
  static func connect(
    _ db: OpaquePointer?, schema: String,
    _ table: UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_vtab>?>?
  ) -> Int32 {
    let rc = sqlite3_declare_vtab(db, schema)
    guard rc == SQLITE_OK, let table else { return rc }
    let allocated = UnsafeMutablePointer<sqlite3_vtab>.allocate(capacity: 1)
    allocated.initialize(to: sqlite3_vtab())
    table.pointee = allocated
    return SQLITE_OK
  }

  /// `xOpen`: hands SQLite a new cursor object, `initial`, whose first field is the
  /// `sqlite3_vtab_cursor`; `xClose` deallocates it.
  static func open<Cursor>(
    _ initial: Cursor, _ cursor: UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_vtab_cursor>?>?
  ) -> Int32 {
    let allocated = UnsafeMutablePointer<Cursor>.allocate(capacity: 1)
    allocated.initialize(to: initial)
    cursor?.pointee = UnsafeMutableRawPointer(allocated).assumingMemoryBound(
      to: sqlite3_vtab_cursor.self)
    return SQLITE_OK
  }

  /// `xDisconnect`: frees the table object and any error message left on it.
  static func disconnect(_ table: UnsafeMutablePointer<sqlite3_vtab>?) -> Int32 {
    if let message = table?.pointee.zErrMsg { sqlite3_free(message) }
    table?.deallocate()
    return SQLITE_OK
  }

  /// Sets the table's error message, which SQLite reports for the failing call, and returns
  /// `SQLITE_ERROR`.
  static func fail(_ table: UnsafeMutablePointer<sqlite3_vtab>?, _ message: String) -> Int32 {
    guard let table else { return SQLITE_ERROR }
    if let old = table.pointee.zErrMsg { sqlite3_free(old) }
    table.pointee.zErrMsg = csqlite_mprintf_string("%s", message)
    return SQLITE_ERROR
  }
}
