// The calls below are inlinable: the shell's literal-INSERT path runs them once per row of a
// dump being restored, where a call across the module boundary would cost more than the C call
// it wraps (issue 27, Benchmarks/callgrind-restore.sh). Statement.swift imports CSQLite
// publicly for the same reason.
import CSQLite

/// A connection's raw handle for the shell's fast paths, which manage their own statements.
///
/// Nothing is owned: the ``Connection`` it came from (``Connection/withUnsafeHandle(_:)``)
/// keeps it open, and its user finalizes every ``RawStatement`` it prepared before the
/// connection closes.
package struct RawConnection: Equatable {
  @usableFromInline let db: OpaquePointer

  @inlinable @inline(__always)
  package static func == (lhs: RawConnection, rhs: RawConnection) -> Bool { lhs.db == rhs.db }

  /// Wraps the handle `Connection.withUnsafeHandle` passes.
  @inlinable @inline(__always) package init(_ db: OpaquePointer) { self.db = db }

  /// The longest SQL text SQLite prepares (`SQLITE_LIMIT_SQL_LENGTH`).
  @inlinable @inline(__always) package var maximumSQLLength: Int {
    Int(sqlite3_limit(db, SQLITE_LIMIT_SQL_LENGTH, -1))
  }

  /// The most parameters a statement may have (`SQLITE_LIMIT_VARIABLE_NUMBER`).
  @inlinable @inline(__always) package var maximumParameterCount: Int {
    Int(sqlite3_limit(db, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
  }

  /// The longest string or blob (`SQLITE_LIMIT_LENGTH`).
  @inlinable @inline(__always) package var maximumLength: Int {
    Int(sqlite3_limit(db, SQLITE_LIMIT_LENGTH, -1))
  }

  /// The bytes of the connection's latest error message (`sqlite3_errmsg`).
  package var errorMessageBytes: [UInt8] {
    guard let raw = sqlite3_errmsg(db) else { return [] }
    return Array(SQLText(cString: raw).bytes)
  }

  /// Prepares `sql` as a persistent statement (`SQLITE_PREPARE_PERSISTENT`); `nil` when it
  /// does not prepare.
  package func preparePersistent(_ sql: UnsafeBufferPointer<UInt8>) -> RawStatement? {
    var prepared: OpaquePointer?
    let rc = sql.withMemoryRebound(to: CChar.self) {
      sqlite3_prepare_v3(
        db, $0.baseAddress, Int32($0.count), UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
    }
    guard rc == SQLITE_OK, let prepared else {
      sqlite3_finalize(prepared)
      return nil
    }
    return RawStatement(prepared)
  }
}

/// A prepared statement its user finalizes (``finalize()``): the shell's literal-INSERT
/// statements, bound and stepped once per row.
package struct RawStatement: Hashable {
  @usableFromInline let handle: OpaquePointer

  @usableFromInline init(_ handle: OpaquePointer) { self.handle = handle }

  @inlinable @inline(__always)
  package static func == (lhs: RawStatement, rhs: RawStatement) -> Bool {
    lhs.handle == rhs.handle
  }

  @inlinable package func hash(into hasher: inout Hasher) { hasher.combine(handle) }

  /// `sqlite3_step`'s result when the statement has finished.
  @inlinable @inline(__always) package static var done: Int32 { SQLITE_DONE }

  /// Runs one step; the result code (``done`` when finished).
  @inlinable @inline(__always) package func step() -> Int32 { sqlite3_step(handle) }

  /// Makes the statement ready to run again, keeping its bindings.
  @inlinable @inline(__always) package func reset() { sqlite3_reset(handle) }

  /// Sets every parameter back to `NULL`.
  @inlinable @inline(__always) package func clearBindings() { sqlite3_clear_bindings(handle) }

  /// Finalizes the statement; it must not be used afterwards.
  @inlinable @inline(__always) package func finalize() { sqlite3_finalize(handle) }

  /// Binds `NULL` to parameter `index` (from 1); `false` when SQLite refuses.
  @inlinable @inline(__always) package func bindNull(at index: Int32) -> Bool {
    sqlite3_bind_null(handle, index) == SQLITE_OK
  }

  /// Binds a 64-bit integer to parameter `index` (from 1); `false` when SQLite refuses.
  @inlinable @inline(__always) package func bind(_ value: Int64, at index: Int32) -> Bool {
    sqlite3_bind_int64(handle, index, value) == SQLITE_OK
  }

  /// Binds text bytes; empty bytes bind the empty string, not `NULL`.
  ///
  /// Unless `copying`, SQLite keeps a pointer to the bytes: they must stay alive and unchanged
  /// until the statement is stepped and reset, or bound again.
  @inlinable @inline(__always) package func bindText(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: Int32, copying: Bool = false
  ) -> Bool {
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
      return sqlite3_bind_text(handle, index, "", 0, csqlite_static()) == SQLITE_OK
    }
    return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
      sqlite3_bind_text(
        handle, index, $0, Int32(bytes.count), copying ? csqlite_transient() : csqlite_static())
    } == SQLITE_OK
  }

  /// Binds blob bytes (SQLite copies them); empty bytes bind the empty blob, not `NULL`.
  @inlinable @inline(__always) package func bindBlob(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: Int32
  ) -> Bool {
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
      var empty: UInt8 = 0
      return withUnsafeBytes(of: &empty) {
        sqlite3_bind_blob(handle, index, $0.baseAddress, 0, csqlite_transient())
      } == SQLITE_OK
    }
    return sqlite3_bind_blob(handle, index, base, Int32(bytes.count), csqlite_transient())
      == SQLITE_OK
  }
}
