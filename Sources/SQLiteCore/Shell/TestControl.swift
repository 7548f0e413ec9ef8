import CSQLite

/// One `sqlite3_test_control` operation, for the shell's `.testctrl`.
///
/// The calls take the arguments each operation reads, as sqlite3's shell passes them; their
/// result is what `sqlite3_test_control` returned.
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/test_control.html>
package struct TestControl: Hashable, Sendable {
  /// The `SQLITE_TESTCTRL_*` code.
  package let code: Int32

  package static let always = TestControl(code: SQLITE_TESTCTRL_ALWAYS)
  package static let assert = TestControl(code: SQLITE_TESTCTRL_ASSERT)
  package static let byteOrder = TestControl(code: SQLITE_TESTCTRL_BYTEORDER)
  package static let extraSchemaChecks = TestControl(code: SQLITE_TESTCTRL_EXTRA_SCHEMA_CHECKS)
  package static let imposter = TestControl(code: SQLITE_TESTCTRL_IMPOSTER)
  package static let internalFunctions = TestControl(code: SQLITE_TESTCTRL_INTERNAL_FUNCTIONS)
  package static let localtimeFault = TestControl(code: SQLITE_TESTCTRL_LOCALTIME_FAULT)
  package static let neverCorrupt = TestControl(code: SQLITE_TESTCTRL_NEVER_CORRUPT)
  package static let optimizations = TestControl(code: SQLITE_TESTCTRL_OPTIMIZATIONS)
  package static let pendingByte = TestControl(code: SQLITE_TESTCTRL_PENDING_BYTE)
  package static let prngRestore = TestControl(code: SQLITE_TESTCTRL_PRNG_RESTORE)
  package static let prngSave = TestControl(code: SQLITE_TESTCTRL_PRNG_SAVE)
  package static let prngSeed = TestControl(code: SQLITE_TESTCTRL_PRNG_SEED)
  package static let seekCount = TestControl(code: SQLITE_TESTCTRL_SEEK_COUNT)
  package static let sorterMmap = TestControl(code: SQLITE_TESTCTRL_SORTER_MMAP)
  package static let tune = TestControl(code: SQLITE_TESTCTRL_TUNE)

  /// The operation without arguments.
  @discardableResult
  package func call() -> Int32 { csqlite_test_control(code) }

  /// The operation with one `int`.
  @discardableResult
  package func call(_ value: Int32) -> Int32 { csqlite_test_control_int(code, value) }

  /// The operation with one `unsigned int`.
  @discardableResult
  package func call(unsigned value: UInt32) -> Int32 {
    csqlite_test_control_unsigned(code, value)
  }

  /// The operation with a connection.
  @discardableResult
  package func call(on connection: Connection) -> Int32 {
    csqlite_test_control_db(code, connection.handle.liveDB)
  }

  /// The operation with a connection and an `int`.
  @discardableResult
  package func call(on connection: Connection, _ value: Int32) -> Int32 {
    csqlite_test_control_db_int(code, connection.handle.liveDB, value)
  }

  /// The operation with an `int` and a connection or `NULL` (`prng_seed`).
  @discardableResult
  package func call(_ value: Int32, on connection: Connection?) -> Int32 {
    csqlite_test_control_int_db(code, value, connection?.handle.liveDB)
  }

  /// The counter the operation reads from a connection (`seek_count`).
  package func counter(on connection: Connection) -> UInt64 {
    var count: sqlite3_uint64 = 0
    _ = csqlite_test_control_db_counter(code, connection.handle.liveDB, &count)
    return count
  }
}

extension Connection {
  /// `SQLITE_TESTCTRL_IMPOSTER` as `.testctrl imposter` passes it, its result ignored.
  package func imposterTestControl(database: String, isOn: Int32, rootPage: Int32) {
    _ = csqlite_test_control_imposter(handle.liveDB, database, isOn, rootPage)
  }

  /// Reads the schema if it is not loaded yet, as sqlite3's shell does before `prng_seed` with
  /// a database (`sqlite3_table_column_metadata` on a column that need not exist).
  package func loadSchema() {
    _ = sqlite3_table_column_metadata(handle.liveDB, nil, "x", nil, nil, nil, nil, nil, nil)
  }
}
