import Glibc
import SQLiteCore

/// ZIP archives opened as databases: sqlite3's `-zip`, `.open --zip`, and a file its
/// `deduceDatabaseType` recognises as one (no SQLite header, no append-VFS trailer, and an
/// end-of-central-directory record in its last 22 bytes).
///
/// The database is then an in-memory one holding `CREATE VIRTUAL TABLE zip USING
/// zipfile(FILE)`: reading `zip` reads the archive, writing it rewrites the archive.
enum ZipArchiveFile {
  /// Whether sqlite3 would open `path` as a ZIP archive.
  ///
  /// With `byDefault` (`.archive`'s rule), a file that does not exist or is empty is one too
  /// when its name ends in `.zip`, in any case.
  static func isArchive(_ path: String, byDefault: Bool = false) -> Bool {
    let namedZip = byDefault && path.lowercased().hasSuffix(".zip")
    let file = bytes(of: path)
    guard !file.isEmpty, path != ":memory:", !file.starts(with: Array("file:".utf8)) else {
      return false
    }
    let descriptor = (file + [0]).withUnsafeBytes { name -> Int32 in
      guard let base = name.baseAddress else { return -1 }
      return open(base.assumingMemoryBound(to: CChar.self), O_RDONLY | O_CLOEXEC)
    }
    guard descriptor >= 0 else { return namedZip }
    defer { close(descriptor) }
    var header = [UInt8](repeating: 0, count: 16)
    if pread(descriptor, &header, 16, 0) == 16 && header == Array("SQLite format 3\0".utf8) {
      return false
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return false }
    if status.st_size >= 25 {
      var trailer = [UInt8](repeating: 0, count: 25)
      if pread(descriptor, &trailer, 25, status.st_size - 25) == 25
        && trailer.starts(with: AppendedDatabase.trailerPrefix)
      {
        return false
      }
    }
    guard status.st_size >= 22 else { return namedZip }
    var end = [UInt8](repeating: 0, count: 22)
    return pread(descriptor, &end, 22, status.st_size - 22) == 22
      && end.starts(with: [0x50, 0x4b, 0x05, 0x06])
  }

  /// sqlite3's statement that shows the archive as the table `zip`; without a file (`.open
  /// --zip` alone) its argument is `NULL`, as sqlite3's `%Q` of no name makes it.
  static func createTable(_ path: String) -> SQLText {
    let file = path.isEmpty ? Array("NULL".utf8) : bytes(of: path).sqlQuoted()
    return SQLText(bytes: Array("CREATE VIRTUAL TABLE zip USING zipfile(".utf8) + file + [41, 59])
  }

  /// The file's name as the user gave it: the bytes of a name that is not UTF-8, which
  /// ``DatabaseFileName/openable(_:)`` carries as a `file:` URI, or the path itself.
  static func bytes(of path: String) -> [UInt8] {
    Array(DatabaseFileName.displayed(path).bytes)
  }
}
