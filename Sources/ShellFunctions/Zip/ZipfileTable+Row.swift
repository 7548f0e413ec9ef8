import SQLiteCore

extension ZipfileTable: UpdatableVirtualTable {
  /// `xUpdate`: a DELETE (one argument), or an INSERT or UPDATE of name, mode, mtime, data and
  /// method; the new member's header and data are appended to the file at once.
  ///
  /// `sz` and `rawdata` must be `NULL`; no data makes a directory (its name gets a `/`);
  /// method `NULL` deflates when that is smaller, 8 always deflates, 0 stores.
  func update(_ arguments: FunctionArguments, onConflict: ConflictResolution)
    throws(VirtualTableError)
  {
    if writer == nil { try begin() }
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
      return
    }
    let row: ZipMember
    switch ZipMember.row(arguments) {
    case .success(let made): row = made
    case .failure(let failure):
      throw VirtualTableError(code: failure.code, message: failure.message)
    }
    var replaced: Int?
    if old == nil || renames,
      let duplicate = entries.firstIndex(where: { Self.sameName($0.name, row.name) })
    {
      switch onConflict {
      case .ignore: return
      case .replace: replaced = duplicate
      default:
        throw VirtualTableError(
          code: VirtualTableError.constraint.code,
          message: "duplicate name: \"\(String(decoding: row.name, as: UTF8.self))\"")
      }
    }
    var entry = ZipEntry.new(name: row.name, mode: row.mode, time: row.time, method: row.method)
    entry.crc32 = row.crc32
    entry.compressedSize = UInt32(truncatingIfNeeded: row.stored.count)
    entry.uncompressedSize = UInt32(truncatingIfNeeded: row.size)
    entry.localHeaderOffset = UInt32(truncatingIfNeeded: size)
    // The entry goes in even when its bytes could not all be written.
    var failure: VirtualTableError?
    do { try append(entry.localHeader()) } catch { failure = error }
    entry.dataOffset = size
    if failure == nil {
      do { try append(row.stored) } catch { failure = error }
    }
    insert(entry, before: old)
    if let failure { throw failure }
    // The new member went in before the old one: the old one, and a replaced one after it,
    // moved one further on.
    var replacedIndex = replaced
    if let old {
      if let index = replacedIndex, index >= old { replacedIndex = index + 1 }
      remove(at: old + 1)
      if let index = replacedIndex, index > old + 1 { replacedIndex = index - 1 }
    }
    if let replacedIndex { remove(at: replacedIndex) }
  }

  /// A name as C reads it: up to the first NUL.
  static func cName(_ bytes: [UInt8]?) -> [UInt8] { Array((bytes ?? []).prefix { $0 != 0 }) }
}
