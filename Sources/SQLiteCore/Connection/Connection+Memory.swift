import CSQLite

/// How SQLite allocates memory, process-wide: set only before SQLite initialises (before the
/// first connection opens or any VFS is looked up), as `sqlite3_config` requires.
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/c_config_covering_index_scan.html>
extension Connection {
  /// Gives the page cache `count` slots of `slotSize` bytes each, in one allocation made here
  /// and never freed (`SQLITE_CONFIG_PAGECACHE`); with no slots, or when the allocation fails,
  /// SQLite allocates pages itself.
  ///
  /// SQLite takes the two numbers as C `int`s: larger ones are truncated as sqlite3's
  /// `-pagecache` truncates them.
  /// - Returns: `false` when SQLite has already initialised.
  public static func configurePageCache(slotSize: Int, count: Int) -> Bool {
    var buffer: UnsafeMutableRawPointer?
    let (bytes, overflow) = slotSize.multipliedReportingOverflow(by: count)
    if slotSize > 0 && count > 0 && !overflow {
      buffer = PlatformMemory.allocateForever(bytes: bytes)
    }
    let size = Int32(truncatingIfNeeded: slotSize)
    return csqlite_config_pagecache(buffer, size, Int32(truncatingIfNeeded: count)) == SQLITE_OK
  }

  /// Sets the default lookaside memory of each connection (`SQLITE_CONFIG_LOOKASIDE`).
  ///
  /// Each gets `count` slots of `slotSize` bytes; a library built without lookaside memory
  /// takes the setting and ignores it.
  /// - Returns: `false` when SQLite has already initialised.
  public static func configureLookaside(slotSize: Int32, count: Int32) -> Bool {
    csqlite_config_lookaside(slotSize, count) == SQLITE_OK
  }

  /// Logs every allocation, free and resize SQLite makes on standard error, one
  /// `MEMTRACE: ...` line each, as sqlite3's `-memtrace` does (its `memtrace.c` extension).
  /// - Returns: `false` when SQLite has already initialised.
  public static func traceMemoryAllocations() -> Bool {
    csqlite_memtrace_activate() == SQLITE_OK
  }
}
