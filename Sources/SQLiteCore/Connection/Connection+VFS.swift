import CSQLite

/// One registered VFS (the OS interface layer SQLite reads and writes files through).
///
/// Related SQLite documentation: <https://www.sqlite.org/vfs.html>
public struct VFSInfo: Sendable, Hashable {
  /// The VFS name, such as `unix` or `memdb`.
  public var name: String
  /// The version of the `sqlite3_vfs` structure it implements.
  public var version: Int32
  /// The size of its open-file object, in bytes.
  public var fileObjectSize: Int32
  /// The longest path name it accepts.
  public var maximumPathLength: Int32

  init(_ vfs: UnsafeMutablePointer<sqlite3_vfs>) {
    name = vfs.pointee.zName.map { String(cString: $0) } ?? ""
    version = vfs.pointee.iVersion
    fileObjectSize = vfs.pointee.szOsFile
    maximumPathLength = vfs.pointee.mxPathname
  }
}

extension Connection {
  /// Every registered VFS, the default first (`sqlite3_vfs_find` and the `pNext` chain).
  public static var registeredVFS: [VFSInfo] {
    var list: [VFSInfo] = []
    var next = sqlite3_vfs_find(nil)
    while let vfs = next {
      list.append(VFSInfo(vfs))
      next = vfs.pointee.pNext
    }
    return list
  }

  /// Makes the registered VFS `name` the default for every database opened from now on
  /// (`sqlite3_vfs_register(vfs, 1)`).
  /// - Returns: `false` when no VFS has that name.
  public static func makeDefaultVFS(named name: String) -> Bool {
    guard let vfs = sqlite3_vfs_find(name) else { return false }
    return sqlite3_vfs_register(vfs, 1) == SQLITE_OK
  }

  /// Sets the memory-map size every connection starts with, which is also the most
  /// `PRAGMA mmap_size` may ask for (`SQLITE_CONFIG_MMAP_SIZE`).
  ///
  /// It takes effect only before SQLite initialises: before the first connection opens or
  /// any VFS is looked up.
  /// - Returns: `false` when SQLite has already initialised.
  public static func setDefaultMemoryMapSize(_ bytes: Int64) -> Bool {
    csqlite_config_mmap_size(bytes, bytes) == SQLITE_OK
  }

  /// The VFS at the top of `database`'s stack (`SQLITE_FCNTL_VFS_POINTER`); `nil` when there
  /// is no such database.
  public func vfs(database: String = "main") -> VFSInfo? {
    var pointer: UnsafeMutablePointer<sqlite3_vfs>?
    let rc = sqlite3_file_control(handle.liveDB, database, SQLITE_FCNTL_VFS_POINTER, &pointer)
    guard rc == SQLITE_OK, let pointer else { return nil }
    return VFSInfo(pointer)
  }
}

/// A boolean per-connection setting of `sqlite3_db_config`, such as `SQLITE_DBCONFIG_DEFENSIVE`.
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/c_dbconfig_defensive.html>
public struct DatabaseOption: RawRepresentable, Sendable, Hashable {
  /// The `SQLITE_DBCONFIG_*` code.
  public let rawValue: Int32

  /// Wraps an `SQLITE_DBCONFIG_*` code that takes an `int` and an `int *`.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// `SQLITE_DBCONFIG_TRIGGER_EQP`: `EXPLAIN QUERY PLAN` also shows the plans of triggers.
  public static let triggerQueryPlans = DatabaseOption(rawValue: SQLITE_DBCONFIG_TRIGGER_EQP)

  /// Every boolean option sqlite3's `.dbconfig` lists, by its name there, in its order.
  public static let shellNames: [(name: String, option: DatabaseOption)] = [
    ("defensive", .init(rawValue: SQLITE_DBCONFIG_DEFENSIVE)),
    ("dqs_ddl", .init(rawValue: SQLITE_DBCONFIG_DQS_DDL)),
    ("dqs_dml", .init(rawValue: SQLITE_DBCONFIG_DQS_DML)),
    ("enable_fkey", .init(rawValue: SQLITE_DBCONFIG_ENABLE_FKEY)),
    ("enable_qpsg", .init(rawValue: SQLITE_DBCONFIG_ENABLE_QPSG)),
    ("enable_trigger", .init(rawValue: SQLITE_DBCONFIG_ENABLE_TRIGGER)),
    ("enable_view", .init(rawValue: SQLITE_DBCONFIG_ENABLE_VIEW)),
    ("fts3_tokenizer", .init(rawValue: SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER)),
    ("legacy_alter_table", .init(rawValue: SQLITE_DBCONFIG_LEGACY_ALTER_TABLE)),
    ("legacy_file_format", .init(rawValue: SQLITE_DBCONFIG_LEGACY_FILE_FORMAT)),
    ("load_extension", .init(rawValue: SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION)),
    ("no_ckpt_on_close", .init(rawValue: SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE)),
    ("reset_database", .init(rawValue: SQLITE_DBCONFIG_RESET_DATABASE)),
    ("trigger_eqp", .init(rawValue: SQLITE_DBCONFIG_TRIGGER_EQP)),
    ("trusted_schema", .init(rawValue: SQLITE_DBCONFIG_TRUSTED_SCHEMA)),
    ("writable_schema", .init(rawValue: SQLITE_DBCONFIG_WRITABLE_SCHEMA)),
  ]
}

extension Connection {
  /// Whether SQLite was compiled with `option` (`sqlite3_compileoption_used`), such as
  /// `ENABLE_STMT_SCANSTATUS`; the `SQLITE_` prefix is optional.
  public static func isCompiled(with option: String) -> Bool {
    sqlite3_compileoption_used(option) != 0
  }

  /// Whether a boolean `sqlite3_db_config` option is on.
  public func isEnabled(_ option: DatabaseOption) -> Bool {
    var value: Int32 = 0
    _ = csqlite_db_config_int(handle.liveDB, option.rawValue, -1, &value)
    return value != 0
  }

  /// Turns a boolean `sqlite3_db_config` option on or off.
  public func setEnabled(_ option: DatabaseOption, _ isOn: Bool) {
    _ = csqlite_db_config_int(handle.liveDB, option.rawValue, isOn ? 1 : 0, nil)
  }
}
