import CSQLite

/// A `sqlite3_file_control` operation: a request to the VFS behind one database.
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/c_fcntl_begin_atomic_write.html>
public struct FileControl: RawRepresentable, Sendable, Hashable {
  /// The `SQLITE_FCNTL_*` code.
  public let rawValue: Int32

  /// Wraps an `SQLITE_FCNTL_*` code.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// `SQLITE_FCNTL_CHUNK_SIZE` (`Int32`): grow and shrink the file in chunks of this many bytes.
  public static let chunkSize = FileControl(rawValue: SQLITE_FCNTL_CHUNK_SIZE)
  /// `SQLITE_FCNTL_DATA_VERSION` (`Int32`): a counter that changes with each commit.
  public static let dataVersion = FileControl(rawValue: SQLITE_FCNTL_DATA_VERSION)
  /// `SQLITE_FCNTL_HAS_MOVED` (`Int32`): 1 when the file was renamed or deleted since it opened.
  public static let hasMoved = FileControl(rawValue: SQLITE_FCNTL_HAS_MOVED)
  /// `SQLITE_FCNTL_LOCK_TIMEOUT` (`Int32`): milliseconds to wait for a lock, where supported.
  public static let lockTimeout = FileControl(rawValue: SQLITE_FCNTL_LOCK_TIMEOUT)
  /// `SQLITE_FCNTL_PERSIST_WAL` (`Int32`): keep the `-wal` file after the last connection
  /// closes (1), or not (0); -1 reads the setting.
  public static let persistWAL = FileControl(rawValue: SQLITE_FCNTL_PERSIST_WAL)
  /// `SQLITE_FCNTL_POWERSAFE_OVERWRITE` (`Int32`): the power-safe overwrite setting; -1 reads.
  public static let powersafeOverwrite = FileControl(rawValue: SQLITE_FCNTL_POWERSAFE_OVERWRITE)
  /// `SQLITE_FCNTL_RESERVE_BYTES` (`Int32`): bytes reserved at the end of each page; -1 reads.
  public static let reserveBytes = FileControl(rawValue: SQLITE_FCNTL_RESERVE_BYTES)
  /// `SQLITE_FCNTL_SIZE_LIMIT` (`Int64`): the largest an in-memory database may grow; a
  /// negative value reads it.
  public static let sizeLimit = FileControl(rawValue: SQLITE_FCNTL_SIZE_LIMIT)
}

extension Connection {
  /// Runs a file control whose argument is an `int`, which SQLite may read and overwrite.
  /// - Returns: SQLite's result: ``ResultCode/notfound`` when the VFS has no such control.
  @discardableResult
  public func fileControl(_ control: FileControl, database: String? = nil, value: inout Int32)
    -> ResultCode
  {
    ResultCode(rawValue: sqlite3_file_control(handle.liveDB, database, control.rawValue, &value))
  }

  /// Runs a file control whose argument is an `sqlite3_int64` (``FileControl/sizeLimit``).
  /// - Returns: SQLite's result: ``ResultCode/notfound`` when the VFS has no such control.
  @discardableResult
  public func fileControl(_ control: FileControl, database: String? = nil, value: inout Int64)
    -> ResultCode
  {
    ResultCode(rawValue: sqlite3_file_control(handle.liveDB, database, control.rawValue, &value))
  }

  /// A name the VFS would give a new temporary file (`SQLITE_FCNTL_TEMPFILENAME`), or `nil`.
  public func temporaryFileName(database: String? = nil) -> String? {
    var name: UnsafeMutablePointer<CChar>?
    _ = sqlite3_file_control(handle.liveDB, database, SQLITE_FCNTL_TEMPFILENAME, &name)
    guard let name else { return nil }
    defer { sqlite3_free(name) }
    return String(cString: name)
  }
}
