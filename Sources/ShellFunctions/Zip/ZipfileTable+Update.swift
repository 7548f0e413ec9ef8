import Glibc
import SQLiteCore

extension ZipfileTable: TransactionalVirtualTable {
  /// `xBegin`: opens the file to append and reads its directory into memory.
  func begin() throws(VirtualTableError) {
    guard let fileName, !fileName.isEmpty else {
      throw VirtualTableError("zipfile: missing filename")
    }
    let path = Array(fileName.prefix { $0 != 0 })
    let descriptor = ZipSource.open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw VirtualTableError(
        "zipfile: failed to open file \(String(decoding: path, as: UTF8.self)) for writing")
    }
    writer = descriptor
    let source = ZipSource.file(descriptor)
    size = source.size
    switch ZipDirectory.entries(of: source) {
    case .success(let found):
      entries = found
    case .failure(let error):
      cleanUp()
      throw VirtualTableError(error.message)
    }
  }

  /// `xCommit`: writes the central directory and the end record after everything the file
  /// holds, then ends the transaction.
  ///
  /// A failed write skips the remaining central records; the end record is still written, and
  /// its write decides the result.
  func commit() throws(VirtualTableError) {
    guard writer != nil else { return }
    defer { cleanUp() }
    let start = size
    for entry in entries {
      do { try append(entry.centralRecord()) } catch { break }
    }
    let end = ZipFormat.endRecord(
      count: entries.count, directorySize: size - start, directoryOffset: start)
    try append(end)
  }

  /// `xRollback`: the same as `xCommit`, as in sqlite3 (what was appended stays).
  func rollback() throws(VirtualTableError) { try commit() }

  /// Appends `bytes` to the file.
  func append(_ bytes: [UInt8]) throws(VirtualTableError) {
    guard let writer else { throw .error }
    var done = 0
    while done < bytes.count {
      let wrote = bytes.withUnsafeBytes {
        write(writer, $0.baseAddress?.advanced(by: done), bytes.count - done)
      }
      if wrote < 0 && errno == EINTR { continue }
      guard wrote > 0 else { throw VirtualTableError("error in fwrite()") }
      done += wrote
    }
    size += Int64(bytes.count)
  }

  /// Whether two names are the same, a trailing `/` on either ignored.
  static func sameName(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.droppingSlash == b.droppingSlash
  }

  /// Removes the member at `index`, moving the cursors on it to the member after it.
  func remove(at index: Int) {
    entries.remove(at: index)
    for cursor in cursors where cursor.scansTable {
      if cursor.index > index {
        cursor.index -= 1
      } else if cursor.index == index {
        cursor.skipsNext = true
      }
    }
  }

  /// Inserts `entry` before `index` (at the end when `nil`), keeping the cursors where they are.
  func insert(_ entry: ZipEntry, before index: Int?) {
    let position = index ?? entries.count
    entries.insert(entry, at: position)
    for cursor in cursors where cursor.scansTable && cursor.index >= position && index != nil {
      cursor.index += 1
    }
  }
}

extension Array where Element == UInt8 {
  /// The bytes without one trailing `/`.
  fileprivate var droppingSlash: ArraySlice<UInt8> {
    last == UInt8(ascii: "/") ? dropLast() : self[...]
  }
}
