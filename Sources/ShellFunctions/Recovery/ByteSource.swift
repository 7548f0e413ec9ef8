import CSQLite
import Glibc

/// Bytes read by offset.
///
/// A database through SQLite's own open file, a file opened read-only,
/// or bytes in memory (a serialized database, a fuzzer's input). Reads past the end come back
/// short, never as an error.
package final class ByteSource {
  private enum Storage {
    case memory([UInt8])
    case file(Int32)
    case sqliteFile(UnsafeMutablePointer<sqlite3_file>)
  }

  private var storage: Storage
  /// The number of bytes there are to read.
  package let size: Int

  /// Bytes held in memory.
  package init(bytes: [UInt8]) {
    storage = .memory(bytes)
    size = bytes.count
  }

  /// The file at `path`, opened read-only; `nil` (with `errno` set) when it cannot be opened.
  ///
  /// Close it with ``close()`` only after SQLite's locks on the same file are released: POSIX
  /// drops every lock a process holds on a file when any descriptor of it is closed.
  package init?(readingFile path: String) {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      Glibc.close(descriptor)
      errno = EISDIR
      return nil
    }
    storage = .file(descriptor)
    size = Int(status.st_size)
  }

  /// Database `name` of connection `db`, read through the file SQLite holds open.
  ///
  /// No second descriptor, so closing it cannot drop SQLite's POSIX locks, and reads go through the VFS.
  /// `nil` when the database has no file (`:memory:`, an unknown name). Valid while `db` keeps
  /// that database open.
  package init?(database name: String, of db: OpaquePointer) {
    var pointer: UnsafeMutableRawPointer?
    guard sqlite3_file_control(db, name, SQLITE_FCNTL_FILE_POINTER, &pointer) == SQLITE_OK,
      let file = pointer?.assumingMemoryBound(to: sqlite3_file.self),
      let methods = file.pointee.pMethods, let fileSize = methods.pointee.xFileSize
    else { return nil }
    var bytes: sqlite3_int64 = 0
    guard fileSize(file, &bytes) == SQLITE_OK else { return nil }
    storage = .sqliteFile(file)
    size = Int(bytes)
  }

  deinit { close() }

  /// Closes the file (a no-op for bytes in memory).
  package func close() {
    if case .file(let descriptor) = storage {
      Glibc.close(descriptor)
      storage = .memory([])
    }
  }

  /// Up to `count` bytes from `offset`: fewer at the end of the data, none past it.
  package func read(offset: Int, count: Int) -> [UInt8] {
    guard offset >= 0, count > 0, offset < size else { return [] }
    let wanted = min(count, size - offset)
    switch storage {
    case .memory(let bytes):
      return Array(bytes[offset..<(offset + wanted)])
    case .file(let descriptor):
      var result = [UInt8](repeating: 0, count: wanted)
      var done = 0
      while done < wanted {
        let got = result.withUnsafeMutableBytes { buffer in
          pread(
            descriptor, buffer.baseAddress.map { $0 + done }, wanted - done, off_t(offset + done))
        }
        if got < 0 && errno == EINTR { continue }
        guard got > 0 else { break }
        done += got
      }
      return done == wanted ? result : Array(result[0..<done])
    case .sqliteFile(let file):
      guard let read = file.pointee.pMethods?.pointee.xRead else { return [] }
      var result = [UInt8](repeating: 0, count: wanted)
      let rc = result.withUnsafeMutableBytes { buffer in
        read(file, buffer.baseAddress, Int32(clamping: wanted), sqlite3_int64(offset))
      }
      return rc == SQLITE_OK || rc == SQLITE_IOERR | (2 << 8) ? result : []
    }
  }

  /// The big-endian 32-bit number at `offset`, or `nil` past the end.
  package func uint32(at offset: Int) -> UInt32? {
    let bytes = read(offset: offset, count: 4)
    return bytes.count == 4 ? BigEndian.uint32(bytes, 0) : nil
  }
}

/// Big-endian integers read from byte arrays, bounds-checked.
enum BigEndian {
  static func uint16<C: RandomAccessCollection<UInt8>>(_ bytes: C, _ offset: Int) -> Int
  where C.Index == Int {
    let start = bytes.startIndex + offset
    guard offset >= 0, start + 2 <= bytes.endIndex else { return 0 }
    return Int(bytes[start]) << 8 | Int(bytes[start + 1])
  }

  static func uint32<C: RandomAccessCollection<UInt8>>(_ bytes: C, _ offset: Int) -> UInt32
  where C.Index == Int {
    let start = bytes.startIndex + offset
    guard offset >= 0, start + 4 <= bytes.endIndex else { return 0 }
    return UInt32(bytes[start]) << 24 | UInt32(bytes[start + 1]) << 16
      | UInt32(bytes[start + 2]) << 8 | UInt32(bytes[start + 3])
  }
}
