import CSQLite

/// A per-statement counter of `sqlite3_stmt_status` (`SQLITE_STMTSTATUS_*`).
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/c_stmtstatus_counter.html>
public struct StatementCounter: RawRepresentable, Sendable, Hashable {
  /// The `SQLITE_STMTSTATUS_*` code.
  public let rawValue: Int32
  /// Wraps a counter code.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// Full-scan steps.
  public static let fullscanStep = StatementCounter(rawValue: SQLITE_STMTSTATUS_FULLSCAN_STEP)
  /// Sort operations.
  public static let sort = StatementCounter(rawValue: SQLITE_STMTSTATUS_SORT)
  /// Rows inserted into automatic indexes.
  public static let autoindex = StatementCounter(rawValue: SQLITE_STMTSTATUS_AUTOINDEX)
  /// Virtual-machine steps.
  public static let vmStep = StatementCounter(rawValue: SQLITE_STMTSTATUS_VM_STEP)
  /// Automatic re-preparations.
  public static let reprepare = StatementCounter(rawValue: SQLITE_STMTSTATUS_REPREPARE)
  /// Completed runs.
  public static let run = StatementCounter(rawValue: SQLITE_STMTSTATUS_RUN)
  /// Bloom-filter checks that let a join skip a lookup.
  public static let filterHit = StatementCounter(rawValue: SQLITE_STMTSTATUS_FILTER_HIT)
  /// Bloom-filter checks that did not.
  public static let filterMiss = StatementCounter(rawValue: SQLITE_STMTSTATUS_FILTER_MISS)
  /// Heap bytes used by the statement.
  public static let memoryUsed = StatementCounter(rawValue: SQLITE_STMTSTATUS_MEMUSED)
}

extension Statement {
  /// The value of a statement counter; `reset` sets it back to zero afterwards.
  public func status(_ counter: StatementCounter, reset: Bool = false) -> Int {
    guard !owner.isClosed else { return 0 }
    return Int(sqlite3_stmt_status(handle, counter.rawValue, reset ? 1 : 0))
  }

  /// The schema a result column comes from (`main`, …); `nil` for an expression.
  public func databaseName(at index: Int) -> String? {
    sqlite3_column_database_name(handle, Int32(index)).map { String(cString: $0) }
  }

  /// The table a result column comes from; `nil` for an expression.
  public func tableName(at index: Int) -> String? {
    sqlite3_column_table_name(handle, Int32(index)).map { String(cString: $0) }
  }

  /// The table column a result column comes from; `nil` for an expression.
  public func originName(at index: Int) -> String? {
    sqlite3_column_origin_name(handle, Int32(index)).map { String(cString: $0) }
  }
}
