import CSQLite
import Glibc
import SQLiteCore

/// One scan of a `zipfile` table: the central directory of a file read one record at a time,
/// the members of a blob, or in a write transaction the table's own list of members.
final class ZipfileCursor: VirtualTableCursor {
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
  private var scan = Scan.none
  /// The current member of a file scan.
  private var current: ZipEntry?
  /// The position in a blob's or the table's list.
  var index = 0
  /// The next `next()` stays put: the member under the cursor was removed, the one after it
  /// took its place.
  var skipsNext = false
  private(set) var isAtEnd = false

  init(table: ZipfileTable) {
    self.table = table
    id = table.nextCursorID()
  }

  /// A `WITHOUT ROWID` table's cursor: SQLite never asks.
  var rowid: Int64 { 0 }

  /// `xClose`: closes the file and leaves the table's list.
  func close() {
    reset()
    table.cursors.removeAll { $0 === self }
  }

  private func reset() {
    if case .file(let descriptor, _, _) = scan { Glibc.close(descriptor) }
    scan = .none
    current = nil
    index = 0
    skipsNext = false
    isAtEnd = false
  }

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
  func filter(plan: Int32, _ arguments: FunctionArguments) throws(VirtualTableError) {
    reset()
    var file = table.fileName
    if file == nil {
      guard plan != 0 else { throw VirtualTableError("zipfile() function requires an argument") }
      if arguments.type(0) == SQLITE_BLOB {
        switch ZipDirectory.entries(of: .bytes(arguments.blobBytes(0) ?? [])) {
        case .success(let entries): scan = .blob(entries)
        case .failure(let error): throw VirtualTableError(error.message)
        }
        return try startList()
      }
      file = arguments.textBytes(0).map { Array($0.prefix { $0 != 0 }) }
    }
    guard table.writer == nil else {
      scan = .table
      return try startList()
    }
    let name = file ?? []
    let descriptor =
      file == nil
      ? -1
      : ZipSource.open(name, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw VirtualTableError("cannot open file: " + String(decoding: name, as: UTF8.self))
    }
    switch ZipDirectory.end(of: .file(descriptor)) {
    case .failure(let error):
      Glibc.close(descriptor)
      throw VirtualTableError(error.message)
    case .success(let end):
      scan = .file(descriptor: descriptor, next: Int64(end.directoryOffset), end: end)
      guard end.entryCount > 0 else {
        isAtEnd = true
        return
      }
      return try next()
    }
  }

  private func startList() throws(VirtualTableError) {
    index = 0
    skipsNext = true
    return try next()
  }

  /// `xNext`: the next record of a file, or the next member of a list.
  func next() throws(VirtualTableError) {
    defer { skipsNext = false }
    switch scan {
    case .none:
      isAtEnd = true
    case .file(let descriptor, let offset, let end):
      current = nil
      // sqlite3 adds the two 32-bit fields in 32 bits: a sum past 4 GiB wraps.
      guard offset < Int64(end.directoryOffset &+ end.directorySize) else {
        isAtEnd = true
        return
      }
      switch ZipDirectory.entry(at: offset, in: .file(descriptor)) {
      case .success(let entry):
        current = entry
        scan = .file(
          descriptor: descriptor, next: ZipDirectory.offset(after: entry, at: offset), end: end)
      case .failure(let error):
        throw VirtualTableError(error.message)
      }
    case .blob(let entries):
      if !skipsNext { index += 1 }
      if index >= entries.count { isAtEnd = true }
    case .table:
      if !skipsNext { index += 1 }
      if index >= table.entries.count { isAtEnd = true }
    }
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
