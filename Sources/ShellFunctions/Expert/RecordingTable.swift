import CSQLite

/// The `expert` virtual table module of the advisor's recording copy: each table records the
/// planner's offers (see ``IndexAdvisor/recordScan(of:_:)``); reading one reads a sample of
/// the user's table through `sqlite_expert_sample()`.
enum RecordingTable {
  /// The table object: which advised table it stands for, and the advisor.
  private struct Table {
    var base = sqlite3_vtab()
    var table: Int
    var advisor: UnsafeMutableRawPointer
  }

  /// A cursor: the statement reading the user's table, `nil` at the end.
  private struct Cursor {
    var base = sqlite3_vtab_cursor()
    var rows: OpaquePointer?
  }

  /// The module and the advisor it reports to, freed when the recording copy closes.
  private struct Registration {
    var module: sqlite3_module
    var advisor: UnsafeMutableRawPointer
  }

  /// Registers the module on the recording copy; `advisor` outlives the handle.
  static func register(on db: OpaquePointer, advisor: IndexAdvisor) throws(AdvisorError) {
    let registration = UnsafeMutablePointer<Registration>.allocate(capacity: 1)
    registration.initialize(
      to: Registration(
        module: makeModule(), advisor: Unmanaged.passUnretained(advisor).toOpaque()))
    let rc = withUnsafeMutablePointer(to: &registration.pointee.module) { module in
      sqlite3_create_module_v2(
        db, "expert", module, UnsafeMutableRawPointer(registration),
        { pointer in
          pointer?.assumingMemoryBound(to: Registration.self).deallocate()
        })
    }
    guard rc == SQLITE_OK else { throw RawDatabase.error(db, rc) }
  }

  private static func advisor(_ table: UnsafeMutablePointer<sqlite3_vtab>?) -> IndexAdvisor? {
    guard let table else { return nil }
    let raw = UnsafeMutableRawPointer(table).assumingMemoryBound(to: Table.self)
    return Unmanaged<IndexAdvisor>.fromOpaque(raw.pointee.advisor).takeUnretainedValue()
  }

  private static func makeModule() -> sqlite3_module {
    var module = sqlite3_module()
    module.iVersion = 2
    module.xCreate = { db, context, count, arguments, table, error in
      RecordingTable.connect(db, context, count, arguments, table, error)
    }
    module.xConnect = { db, context, count, arguments, table, error in
      RecordingTable.connect(db, context, count, arguments, table, error)
    }
    module.xBestIndex = { table, info in
      guard let table, let info, let advisor = RecordingTable.advisor(table) else {
        return SQLITE_ERROR
      }
      let raw = UnsafeMutableRawPointer(table).assumingMemoryBound(to: Table.self)
      advisor.recordScan(of: raw.pointee.table, info)
      return SQLITE_OK
    }
    module.xDisconnect = disconnect
    module.xDestroy = disconnect
    module.xOpen = { _, cursor in VirtualTable.open(Cursor(), cursor) }
    module.xClose = { cursor in
      guard let cursor = RecordingTable.from(cursor) else { return SQLITE_OK }
      sqlite3_finalize(cursor.pointee.rows)
      cursor.deallocate()
      return SQLITE_OK
    }
    module.xFilter = { cursor, _, _, _, _ in
      guard let cursor = RecordingTable.from(cursor), let vtab = cursor.pointee.base.pVtab,
        let advisor = RecordingTable.advisor(vtab)
      else { return SQLITE_ERROR }
      sqlite3_finalize(cursor.pointee.rows)
      cursor.pointee.rows = nil
      let raw = UnsafeMutableRawPointer(vtab).assumingMemoryBound(to: Table.self)
      let name = advisor.tables[raw.pointee.table].name
      do throws(AdvisorError) {
        cursor.pointee.rows = try RawDatabase.prepare(
          advisor.db, "SELECT * FROM main.\(name.singleQuoted) WHERE sqlite_expert_sample()")
      } catch {
        return VirtualTable.fail(vtab, String(decoding: error.message, as: UTF8.self))
      }
      return RecordingTable.advance(cursor)
    }
    module.xNext = { cursor in
      RecordingTable.from(cursor).map(RecordingTable.advance) ?? SQLITE_ERROR
    }
    module.xEof = { cursor in RecordingTable.from(cursor)?.pointee.rows == nil ? 1 : 0 }
    module.xColumn = { cursor, context, column in
      if let rows = RecordingTable.from(cursor)?.pointee.rows,
        let value = sqlite3_column_value(rows, column)
      {
        sqlite3_result_value(context, value)
      }
      return SQLITE_OK
    }
    module.xRowid = { _, rowid in
      rowid?.pointee = 0
      return SQLITE_OK
    }
    module.xUpdate = { _, _, _, _ in SQLITE_OK }
    return module
  }

  /// `xCreate` and `xConnect`: declares the columns given as the module's one argument.
  private static func connect(
    _ db: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ count: Int32,
    _ arguments: UnsafePointer<UnsafePointer<CChar>?>?,
    _ table: UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_vtab>?>?,
    _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> Int32 {
    guard count == 4, let arguments, let name = arguments[2], let quoted = arguments[3],
      let context, let table
    else {
      error?.pointee = csqlite_mprintf_string("%s", "internal error!")
      return SQLITE_ERROR
    }
    let advisorPointer = context.assumingMemoryBound(to: Registration.self).pointee.advisor
    let advisor = Unmanaged<IndexAdvisor>.fromOpaque(advisorPointer).takeUnretainedValue()
    let tableName = String(rawCString: name)
    let index =
      advisor.tables.lastIndex { $0.name.equalsIgnoringCase(tableName) }
      ?? advisor.tables.count - 1
    let rc = sqlite3_declare_vtab(db, dequoted(String(rawCString: quoted)).cBytes)
    guard rc == SQLITE_OK, index >= 0 else { return rc == SQLITE_OK ? SQLITE_ERROR : rc }
    let allocated = UnsafeMutablePointer<Table>.allocate(capacity: 1)
    allocated.initialize(to: Table(table: index, advisor: advisorPointer))
    table.pointee = UnsafeMutableRawPointer(allocated).assumingMemoryBound(to: sqlite3_vtab.self)
    return SQLITE_OK
  }

  private static let disconnect: @convention(c) (UnsafeMutablePointer<sqlite3_vtab>?) -> Int32 = {
    table in
    guard let table else { return SQLITE_OK }
    if let message = table.pointee.zErrMsg { sqlite3_free(message) }
    UnsafeMutableRawPointer(table).assumingMemoryBound(to: Table.self).deallocate()
    return SQLITE_OK
  }

  private static func from(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?)
    -> UnsafeMutablePointer<Cursor>?
  {
    cursor.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: Cursor.self) }
  }

  /// Steps to the next row; at the end (or on an error) finalizes the statement.
  private static func advance(_ cursor: UnsafeMutablePointer<Cursor>) -> Int32 {
    guard let rows = cursor.pointee.rows else { return SQLITE_OK }
    if sqlite3_step(rows) == SQLITE_ROW { return SQLITE_OK }
    cursor.pointee.rows = nil
    return sqlite3_finalize(rows)
  }

  /// The text inside SQL single quotes, each doubled quote made one.
  static func dequoted(_ quoted: String) -> String {
    guard quoted.hasPrefix("'"), quoted.hasSuffix("'"), quoted.count >= 2 else { return quoted }
    return String(quoted.dropFirst().dropLast()).replacing("''", with: "'")
  }
}
