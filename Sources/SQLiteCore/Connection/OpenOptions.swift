/// How a ``Connection`` opens its database.
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/open.html>
public struct OpenOptions: Sendable, Hashable {
  /// Read-only, read-write, or read-write and create.
  public enum Mode: Sendable, Hashable {
    /// `SQLITE_OPEN_READONLY`: every write fails with `SQLITE_READONLY`.
    case readOnly
    /// `SQLITE_OPEN_READWRITE`: the file must exist.
    case readWrite
    /// `SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE`: the file is created when missing.
    case readWriteCreate
  }

  /// The access mode; ``Mode/readWriteCreate`` by default.
  public var mode: Mode
  /// Refuse to open a symbolic link (`SQLITE_OPEN_NOFOLLOW`).
  public var noFollow: Bool
  /// The busy timeout in milliseconds set right after opening; 0 fails at once on a lock.
  public var busyTimeout: Int32
  /// The number of statements the per-connection statement cache keeps.
  public var statementCacheCapacity: Int
  /// The name of the VFS to open the file with (registered with `sqlite3_vfs_register`);
  /// `nil` for the default VFS.
  public var vfs: String?

  /// Options with the given values; the defaults create the file and fail at once when locked.
  public init(
    mode: Mode = .readWriteCreate, noFollow: Bool = false, busyTimeout: Int32 = 0,
    statementCacheCapacity: Int = 64
  ) {
    self.mode = mode
    self.noFollow = noFollow
    self.busyTimeout = busyTimeout
    self.statementCacheCapacity = statementCacheCapacity
  }

  /// Read-write, creating the file when it is missing.
  public static let `default` = OpenOptions()
  /// Read-only.
  public static let readOnly = OpenOptions(mode: .readOnly)
}
