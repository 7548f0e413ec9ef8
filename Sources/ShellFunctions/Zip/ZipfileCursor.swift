import CSQLite
import Glibc
import SQLiteCore

/// One scan of a `zipfile` table: the central directory of a file read one record at a time,
/// the members of a blob, or in a write transaction the table's own list of members.
final class ZipfileCursor {
  /// SQLite's cursor header, followed by the cursor object.
  struct Header {
    var base = sqlite3_vtab_cursor()
    var cursor: Unmanaged<ZipfileCursor>
  }

  private enum Scan {
    case none
    /// A file read record by record: the next record's offset and the end record.
    case file(descriptor: Int32, next: Int64, end: ZipEnd)
    /// A blob's members, all read at the start.
    case blob([ZipEntry])
    /// The table's members in a write transaction.
    case table
  }

  let id: Int64
  unowned let table: ZipfileTable
  /// SQLite's table object, where errors are left.
  let vtabPointer: UnsafeMutablePointer<sqlite3_vtab>?
  private var scan = Scan.none
  /// The current member of a file scan.
  private var current: ZipEntry?
  /// The position in a blob's or the table's list.
  var index = 0
  /// The next `next()` stays put: the member under the cursor was removed, the one after it
  /// took its place.
  var skipsNext = false
  private(set) var isAtEnd = false

  init(table: ZipfileTable, vtab: UnsafeMutablePointer<sqlite3_vtab>?) {
    self.table = table
    self.vtabPointer = vtab
    id = table.nextCursorID()
  }

  static func from(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?) -> ZipfileCursor? {
    guard let cursor else { return nil }
    return UnsafeMutableRawPointer(cursor).assumingMemoryBound(to: Header.self).pointee.cursor
      .takeUnretainedValue()
  }

  static func open(
    _ vtab: UnsafeMutablePointer<sqlite3_vtab>?,
    _ cursor: UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_vtab_cursor>?>?
  ) -> Int32 {
    guard let table = ZipfileTable.from(vtab) else { return SQLITE_ERROR }
    let object = ZipfileCursor(table: table, vtab: vtab)
    table.cursors.append(object)
    let header = UnsafeMutablePointer<Header>.allocate(capacity: 1)
    header.initialize(to: Header(cursor: .passRetained(object)))
    cursor?.pointee = UnsafeMutableRawPointer(header).assumingMemoryBound(
      to: sqlite3_vtab_cursor.self)
    return SQLITE_OK
  }

  static func close(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?) -> Int32 {
    guard let cursor else { return SQLITE_OK }
    let header = UnsafeMutableRawPointer(cursor).assumingMemoryBound(to: Header.self)
    let object = header.pointee.cursor.takeUnretainedValue()
    object.reset()
    object.table.cursors.removeAll { $0 === object }
    header.pointee.cursor.release()
    header.deinitialize(count: 1)
    header.deallocate()
    return SQLITE_OK
  }

  private func reset() {
    if case .file(let descriptor, _, _) = scan { Glibc.close(descriptor) }
    scan = .none
    current = nil
    index = 0
    skipsNext = false
    isAtEnd = false
  }

  private func fail(_ message: String) -> Int32 { VirtualTable.fail(vtabPointer, message) }

  /// The member under the cursor.
  var entry: ZipEntry? {
    switch scan {
    case .none: return nil
    case .file: return current
    case .blob(let entries): return index < entries.count ? entries[index] : nil
    case .table: return index < table.entries.count ? table.entries[index] : nil
    }
  }

  /// `xFilter`: the table's file, or the argument (a file name or a blob).
  func filter(_ plan: Int32, _ arguments: FunctionArguments) -> Int32 {
    reset()
    var file = table.fileName
    if file == nil {
      guard plan != 0 else { return fail("zipfile() function requires an argument") }
      if arguments.type(0) == SQLITE_BLOB {
        switch ZipDirectory.entries(of: .bytes(arguments.blobBytes(0) ?? [])) {
        case .success(let entries): scan = .blob(entries)
        case .failure(let error): return fail(error.message)
        }
        return startList()
      }
      file = arguments.textBytes(0).map { Array($0.prefix { $0 != 0 }) }
    }
    guard table.writer == nil else {
      scan = .table
      return startList()
    }
    let name = file ?? []
    let descriptor =
      file == nil
      ? -1
      : ZipSource.open(name, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      return fail("cannot open file: " + String(decoding: name, as: UTF8.self))
    }
    switch ZipDirectory.end(of: .file(descriptor)) {
    case .failure(let error):
      Glibc.close(descriptor)
      return fail(error.message)
    case .success(let end):
      scan = .file(descriptor: descriptor, next: Int64(end.directoryOffset), end: end)
      guard end.entryCount > 0 else {
        isAtEnd = true
        return SQLITE_OK
      }
      return next()
    }
  }

  private func startList() -> Int32 {
    index = 0
    skipsNext = true
    return next()
  }

  /// `xNext`: the next record of a file, or the next member of a list.
  func next() -> Int32 {
    defer { skipsNext = false }
    switch scan {
    case .none:
      isAtEnd = true
    case .file(let descriptor, let offset, let end):
      current = nil
      // sqlite3 adds the two 32-bit fields in 32 bits: a sum past 4 GiB wraps.
      guard offset < Int64(end.directoryOffset &+ end.directorySize) else {
        isAtEnd = true
        return SQLITE_OK
      }
      switch ZipDirectory.entry(at: offset, in: .file(descriptor)) {
      case .success(let entry):
        current = entry
        scan = .file(
          descriptor: descriptor, next: ZipDirectory.offset(after: entry, at: offset), end: end)
      case .failure(let error):
        return fail(error.message)
      }
    case .blob(let entries):
      if !skipsNext { index += 1 }
      if index >= entries.count { isAtEnd = true }
    case .table:
      if !skipsNext { index += 1 }
      if index >= table.entries.count { isAtEnd = true }
    }
    return SQLITE_OK
  }

  /// Whether the cursor walks the table's own list (in a write transaction).
  var scansTable: Bool {
    if case .table = scan { return true }
    return false
  }

  /// Where the data of the current member is read from.
  var dataSource: ZipSource? {
    switch scan {
    case .file(let descriptor, _, _): return .file(descriptor)
    case .table: return table.writer.map { .file($0) }
    default: return nil
    }
  }
}
