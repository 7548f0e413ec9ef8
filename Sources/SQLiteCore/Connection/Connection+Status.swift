import CSQLite

/// A process-wide memory counter of `sqlite3_status64` (`SQLITE_STATUS_*`).
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/c_status_malloc_count.html>
public struct MemoryStatusCounter: RawRepresentable, Sendable, Hashable {
  /// The `SQLITE_STATUS_*` code.
  public let rawValue: Int32
  /// Wraps a counter code.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// Bytes of memory in use.
  public static let memoryUsed = MemoryStatusCounter(rawValue: SQLITE_STATUS_MEMORY_USED)
  /// Outstanding allocations.
  public static let mallocCount = MemoryStatusCounter(rawValue: SQLITE_STATUS_MALLOC_COUNT)
  /// Pages in use in the page-cache memory of `SQLITE_CONFIG_PAGECACHE`.
  public static let pageCacheUsed = MemoryStatusCounter(rawValue: SQLITE_STATUS_PAGECACHE_USED)
  /// Page-cache bytes that overflowed into the general allocator.
  public static let pageCacheOverflow = MemoryStatusCounter(
    rawValue: SQLITE_STATUS_PAGECACHE_OVERFLOW)
  /// The largest allocation (high-water mark only).
  public static let mallocSize = MemoryStatusCounter(rawValue: SQLITE_STATUS_MALLOC_SIZE)
  /// The largest page-cache allocation (high-water mark only).
  public static let pageCacheSize = MemoryStatusCounter(rawValue: SQLITE_STATUS_PAGECACHE_SIZE)

  /// The current value and the high-water mark; `reset` resets the mark afterwards.
  public func read(reset: Bool = false) -> (current: Int64, highwater: Int64) {
    var current: Int64 = -1
    var highwater: Int64 = -1
    sqlite3_status64(rawValue, &current, &highwater, reset ? 1 : 0)
    return (current, highwater)
  }
}

/// A per-connection counter of `sqlite3_db_status` (`SQLITE_DBSTATUS_*`).
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/c_dbstatus_options.html>
public struct DatabaseStatusCounter: RawRepresentable, Sendable, Hashable {
  /// The `SQLITE_DBSTATUS_*` code.
  public let rawValue: Int32
  /// Wraps a counter code.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// Lookaside slots in use.
  public static let lookasideUsed = DatabaseStatusCounter(rawValue: SQLITE_DBSTATUS_LOOKASIDE_USED)
  /// Lookaside allocations satisfied.
  public static let lookasideHit = DatabaseStatusCounter(rawValue: SQLITE_DBSTATUS_LOOKASIDE_HIT)
  /// Lookaside misses because of the request size.
  public static let lookasideMissSize = DatabaseStatusCounter(
    rawValue: SQLITE_DBSTATUS_LOOKASIDE_MISS_SIZE)
  /// Lookaside misses because all slots were in use.
  public static let lookasideMissFull = DatabaseStatusCounter(
    rawValue: SQLITE_DBSTATUS_LOOKASIDE_MISS_FULL)
  /// Heap bytes used by the pager caches.
  public static let cacheUsed = DatabaseStatusCounter(rawValue: SQLITE_DBSTATUS_CACHE_USED)
  /// Page-cache hits.
  public static let cacheHit = DatabaseStatusCounter(rawValue: SQLITE_DBSTATUS_CACHE_HIT)
  /// Page-cache misses.
  public static let cacheMiss = DatabaseStatusCounter(rawValue: SQLITE_DBSTATUS_CACHE_MISS)
  /// Dirty pages written.
  public static let cacheWrite = DatabaseStatusCounter(rawValue: SQLITE_DBSTATUS_CACHE_WRITE)
  /// Dirty pages spilled mid-transaction.
  public static let cacheSpill = DatabaseStatusCounter(rawValue: SQLITE_DBSTATUS_CACHE_SPILL)
  /// Heap bytes used by the schemas.
  public static let schemaUsed = DatabaseStatusCounter(rawValue: SQLITE_DBSTATUS_SCHEMA_USED)
  /// Heap and lookaside bytes used by prepared statements.
  public static let statementUsed = DatabaseStatusCounter(rawValue: SQLITE_DBSTATUS_STMT_USED)
}

/// The transaction state of one schema of a connection (`sqlite3_txn_state`).
public enum TransactionState: Sendable, Hashable {
  /// No transaction.
  case idle
  /// A read transaction.
  case read
  /// A write transaction.
  case write
}

extension Connection {
  /// The current value and high-water mark of a connection counter; `reset` resets the mark
  /// (or, for the cache counters, the value).
  public func status(_ counter: DatabaseStatusCounter, reset: Bool = false) -> (
    current: Int, highwater: Int
  ) {
    var current: Int32 = -1
    var highwater: Int32 = -1
    sqlite3_db_status(handle.db, counter.rawValue, &current, &highwater, reset ? 1 : 0)
    return (Int(current), Int(highwater))
  }

  /// The transaction state of `database`; `nil` when there is no such schema.
  public func transactionState(database: String = "main") -> TransactionState? {
    switch sqlite3_txn_state(handle.db, database) {
    case SQLITE_TXN_NONE: .idle
    case SQLITE_TXN_READ: .read
    case SQLITE_TXN_WRITE: .write
    default: nil
    }
  }

  /// The name of the VFS stack under `database` (`SQLITE_FCNTL_VFSNAME`), such as `unix`;
  /// `nil` when the database has no VFS (in-memory) or does not exist.
  public func vfsName(database: String = "main") -> String? {
    var name: UnsafeMutablePointer<CChar>?
    sqlite3_file_control(handle.db, database, SQLITE_FCNTL_VFSNAME, &name)
    guard let name else { return nil }
    defer { sqlite3_free(name) }
    return String(cString: name)
  }

  /// The data version of `database` (`SQLITE_FCNTL_DATA_VERSION`): changes whenever its
  /// content changes; `nil` when the file control fails.
  public func dataVersion(database: String = "main") -> UInt32? {
    var version: UInt32 = 0
    let rc = sqlite3_file_control(handle.db, database, SQLITE_FCNTL_DATA_VERSION, &version)
    return rc == SQLITE_OK ? version : nil
  }
}
