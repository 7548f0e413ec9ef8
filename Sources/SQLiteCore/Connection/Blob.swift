import CSQLite

/// Incremental I/O on one blob value: read or overwrite parts of it in place, without loading
/// the whole value into memory or binding a new one.
///
/// ```swift
/// try db.execute("INSERT INTO files(id, data) VALUES (1, zeroblob(1 << 20))")
/// let blob = try Blob(in: db, table: "files", column: "data", row: 1, writable: true)
/// try blob.write(chunk, at: 0)
/// let head = try blob.read(count: 16, at: 0)
/// ```
///
/// A blob keeps its size: writing cannot grow it (make room with `zeroblob(N)` first). When its
/// row is changed or deleted by any statement, the handle expires for good: later reads, writes
/// and reopens throw ``ResultCode/abort``, and a new handle must be opened. ``reopen(row:)``
/// moves a live handle to another row cheaply. The handle keeps its connection alive; it is
/// closed by ``close()`` or when it is released.
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/blob_open.html>
public final class Blob {
  private var pointer: OpaquePointer?
  private let connection: Connection

  /// Opens the value in `column` of the row with rowid `row` of `table` in `database`.
  ///
  /// - Throws: ``SQLiteError`` when the table, column or row does not exist, the value is not a
  ///   blob or text, or `writable` is asked of a read-only database, an indexed column, or a
  ///   column of a `WITHOUT ROWID` table.
  public init(
    in connection: Connection, database: String = "main", table: String, column: String,
    row: Int64, writable: Bool = false
  ) throws(SQLiteError) {
    try connection.handle.checkOpen()
    var pointer: OpaquePointer?
    let rc = sqlite3_blob_open(
      connection.handle.db, database, table, column, row, writable ? 1 : 0, &pointer)
    guard rc == SQLITE_OK, let pointer else {
      // A failed open may still allocate the handle; closing a NULL pointer is harmless.
      sqlite3_blob_close(pointer)
      throw connection.handle.error(rc)
    }
    self.pointer = pointer
    self.connection = connection
    connection.handle.openBlobs += 1
  }

  deinit {
    close()
  }

  /// The blob's size in bytes (0 once closed).
  public var count: Int {
    guard let pointer, !connection.handle.isClosed else { return 0 }
    return Int(sqlite3_blob_bytes(pointer))
  }

  /// Reads `count` bytes starting at `offset`.
  ///
  /// - Throws: ``ResultCode/error`` when the range goes past the end, ``ResultCode/abort``
  ///   when the row changed since the handle was opened.
  public func read(count: Int, at offset: Int) throws(SQLiteError) -> [UInt8] {
    let live = try livePointer()
    try checkRange(count: count, at: offset)
    var result = [UInt8](repeating: 0, count: count)
    let rc = result.withUnsafeMutableBytes { buffer in
      sqlite3_blob_read(live, buffer.baseAddress, Int32(count), Int32(offset))
    }
    guard rc == SQLITE_OK else { throw connection.handle.error(rc) }
    return result
  }

  /// Fills `buffer` with the bytes starting at `offset`.
  public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(SQLiteError) {
    let live = try livePointer()
    try checkRange(count: buffer.count, at: offset)
    let rc = sqlite3_blob_read(live, buffer.baseAddress, Int32(buffer.count), Int32(offset))
    guard rc == SQLITE_OK else { throw connection.handle.error(rc) }
  }

  /// Overwrites the bytes starting at `offset` with `bytes`.
  ///
  /// - Throws: ``ResultCode/readonly`` for a handle opened without `writable`,
  ///   ``ResultCode/error`` when the range goes past the end, ``ResultCode/abort`` when the row
  ///   changed since the handle was opened.
  public func write(_ bytes: some Collection<UInt8>, at offset: Int) throws(SQLiteError) {
    let live = try livePointer()
    try checkRange(count: bytes.count, at: offset)
    let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
      sqlite3_blob_write(live, buffer.baseAddress, Int32(buffer.count), Int32(offset))
    }
    let rc =
      contiguous
      ?? Array(bytes).withUnsafeBytes { buffer in
        sqlite3_blob_write(live, buffer.baseAddress, Int32(buffer.count), Int32(offset))
      }
    guard rc == SQLITE_OK else { throw connection.handle.error(rc) }
    // SQLite reports no row for it: a pool's change observation must say any table changed
    // (a write that failed changed nothing, and must not spoil the next commit's tables).
    connection.handle.hookBoxes.walCommit?.blobWritten()
  }

  /// Points the handle at the same column of another row, in the same table.
  ///
  /// - Throws: ``SQLiteError`` when the row does not exist or its value is not a blob or text,
  ///   which expires the handle; ``ResultCode/abort`` when it had expired already.
  public func reopen(row: Int64) throws(SQLiteError) {
    let live = try livePointer()
    let rc = sqlite3_blob_reopen(live, row)
    guard rc == SQLITE_OK else { throw connection.handle.error(rc) }
  }

  /// Closes the handle.
  ///
  /// Later calls throw ``ResultCode/misuse``; closing twice does nothing.
  public func close() {
    guard let pointer else { return }
    sqlite3_blob_close(pointer)
    self.pointer = nil
    connection.handle.openBlobs -= 1
  }

  private func livePointer() throws(SQLiteError) -> OpaquePointer {
    try connection.handle.checkOpen()
    guard let pointer else { throw SQLiteError.misuse("the blob handle is closed") }
    return pointer
  }

  /// Refuses negative or overflowing ranges before they reach SQLite's 32-bit arguments.
  private func checkRange(count: Int, at offset: Int) throws(SQLiteError) {
    guard count >= 0, offset >= 0, count <= Int(Int32.max), offset <= Int(Int32.max) else {
      throw SQLiteError(
        code: .error, message: "blob range \(offset)+\(count) is out of bounds")
    }
  }
}
