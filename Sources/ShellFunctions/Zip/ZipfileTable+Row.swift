import CSQLite
import SQLiteCore

extension ZipfileTable {
  /// `xUpdate`: a DELETE (one argument), or an INSERT or UPDATE of name, mode, mtime, data and
  /// method; the new member's header and data are appended to the file at once.
  ///
  /// `sz` and `rawdata` must be `NULL`; no data makes a directory (its name gets a `/`);
  /// method `NULL` deflates when that is smaller, 8 always deflates, 0 stores.
  func update(_ arguments: FunctionArguments, _ vtab: UnsafeMutablePointer<sqlite3_vtab>?) -> Int32
  {
    if writer == nil {
      let rc = begin(vtab)
      guard rc == SQLITE_OK else { return rc }
    }
    var old: Int?
    var renames = false
    if !arguments.isNull(0) {
      let deleted = Self.cName(arguments.textBytes(0))
      if arguments.count > 1, let updated = arguments.textBytes(1).map(Self.cName),
        !Self.sameName(updated, deleted)
      {
        renames = true
      }
      old = entries.firstIndex { Self.sameName($0.name, deleted) }
    }
    guard arguments.count > 1 else {
      if let old { remove(at: old) }
      return SQLITE_OK
    }
    let row: ZipMember
    switch ZipMember.row(arguments) {
    case .success(let made): row = made
    case .failure(let failure):
      _ = VirtualTable.fail(vtab, failure.message)
      return failure.code
    }
    var replaced: Int?
    if old == nil || renames,
      let duplicate = entries.firstIndex(where: { Self.sameName($0.name, row.name) })
    {
      switch sqlite3_vtab_on_conflict(db) {
      case Int32(SQLITE_IGNORE): return SQLITE_OK
      case Int32(SQLITE_REPLACE): replaced = duplicate
      default:
        _ = VirtualTable.fail(
          vtab, "duplicate name: \"\(String(decoding: row.name, as: UTF8.self))\"")
        return SQLITE_CONSTRAINT
      }
    }
    var entry = ZipEntry.new(name: row.name, mode: row.mode, time: row.time, method: row.method)
    entry.crc32 = row.crc32
    entry.compressedSize = UInt32(truncatingIfNeeded: row.stored.count)
    entry.uncompressedSize = UInt32(truncatingIfNeeded: row.size)
    entry.localHeaderOffset = UInt32(truncatingIfNeeded: size)
    var rc = append(entry.localHeader(), vtab)
    entry.dataOffset = size
    if rc == SQLITE_OK { rc = append(row.stored, vtab) }
    insert(entry, before: old)
    guard rc == SQLITE_OK else { return rc }
    // The new member went in before the old one: the old one, and a replaced one after it,
    // moved one further on.
    var replacedIndex = replaced
    if let old {
      if let index = replacedIndex, index >= old { replacedIndex = index + 1 }
      remove(at: old + 1)
      if let index = replacedIndex, index > old + 1 { replacedIndex = index - 1 }
    }
    if let replacedIndex { remove(at: replacedIndex) }
    return SQLITE_OK
  }

  /// A name as C reads it: up to the first NUL.
  static func cName(_ bytes: [UInt8]?) -> [UInt8] { Array((bytes ?? []).prefix { $0 != 0 }) }
}
