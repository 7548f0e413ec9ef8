import CAppendVFS
import Glibc
import SQLiteCore

/// Databases appended to the end of another file: sqlite3's append VFS (`apndvfs`), which
/// its shell has built in and the system library lacks (the VFS itself is C, in `CAppendVFS`).
///
/// `-append` and `.open --append` open the database with it; a database given without options
/// is opened with it too when the file ends with the VFS's trailer, as sqlite3 does.
enum AppendedDatabase {
  /// The VFS's name, as in sqlite3's shell.
  static let vfsName = "apndvfs"

  /// Registers the VFS (once; later calls only read the result): sqlite3's shell registers it
  /// at start-up, second in `.vfslist`, not as the default.
  static let isRegistered: Bool = appendVFSRegister() == ResultCode.ok.rawValue

  /// The last bytes of a file that holds an appended database start with this.
  static let trailerPrefix = Array("Start-Of-SQLite3-".utf8)

  /// `options` with the append VFS when sqlite3 would choose it for `path`: when the options
  /// name no mode of their own (not read-only, not `--deserialize`, no VFS) and the file does
  /// not start with SQLite's header but ends with the trailer (sqlite3's `deduceDatabaseType`).
  static func options(for path: String, _ options: OpenOptions, deserializes: Bool)
    -> OpenOptions
  {
    var options = options
    if options.vfs == nil, options.mode == .readWriteCreate, !deserializes, isAppended(path) {
      options.vfs = vfsName
    }
    if options.vfs == vfsName { _ = isRegistered }
    return options
  }

  /// Whether the file at `path` ends with the append VFS's trailer and does not start with
  /// SQLite's header.
  static func isAppended(_ path: String) -> Bool {
    let file = inspect(path)
    return file.hasTrailer && !file.hasHeader
  }

  /// Whether the file at `path` ends with the append VFS's trailer, header or not (a database
  /// appended to an empty file starts with the header and is still no ordinary database).
  static func hasTrailer(_ path: String) -> Bool { inspect(path).hasTrailer }

  /// Whether the file starts with SQLite's header and ends with the trailer.
  private static func inspect(_ path: String) -> (hasHeader: Bool, hasTrailer: Bool) {
    guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else {
      return (false, false)
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return (false, false) }
    defer { close(descriptor) }
    var header = [UInt8](repeating: 0, count: 16)
    let hasHeader =
      pread(descriptor, &header, 16, 0) == 16 && header == Array("SQLite format 3\0".utf8)
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_size >= 25 else { return (hasHeader, false) }
    var trailer = [UInt8](repeating: 0, count: 25)
    let hasTrailer =
      pread(descriptor, &trailer, 25, status.st_size - 25) == 25
      && trailer.starts(with: trailerPrefix)
    return (hasHeader, hasTrailer)
  }
}
