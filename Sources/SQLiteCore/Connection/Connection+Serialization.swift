import CSQLite

extension Connection {
  /// The bytes of `database` as they would be in a database file.
  ///
  /// An in-memory or deserialized database gives its image as it stands; a database on disk is
  /// read page by page. An empty database (no page yet) gives no bytes.
  /// - Returns: `nil` when there is no database of that name.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/serialize.html>
  public func serialize(database: String = "main") -> [UInt8]? {
    var size: sqlite3_int64 = 0
    guard let pointer = sqlite3_serialize(handle.liveDB, database, &size, 0) else {
      return sqlite3_db_filename(handle.liveDB, database) == nil ? nil : []
    }
    defer { sqlite3_free(pointer) }
    return Array(UnsafeBufferPointer(start: pointer, count: Int(size)))
  }

  /// Replaces `database` with an in-memory database holding `image`, a database file's bytes.
  ///
  /// The database stays in memory: writes change the copy, never a file, and it may grow
  /// (up to `maximumSize` bytes when given: a write past it fails with `SQLITE_FULL`; a limit
  /// below the image's size is taken as the image's size). An empty image gives an empty
  /// database. `database` must not be in a transaction or have statements running.
  /// - Throws: ``SQLiteError`` when SQLite refuses (`SQLITE_BUSY`, no such database,
  ///   out of memory).
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/deserialize.html>
  public func deserialize(
    _ image: [UInt8], database: String = "main", maximumSize: Int64? = nil
  ) throws(SQLiteError) {
    let db = handle.liveDB
    var copy: UnsafeMutablePointer<UInt8>?
    if !image.isEmpty {
      guard let memory = sqlite3_malloc64(UInt64(image.count)) else {
        throw Self.deserializeError(SQLITE_NOMEM)
      }
      let bytes = memory.bindMemory(to: UInt8.self, capacity: image.count)
      _ = UnsafeMutableBufferPointer(start: bytes, count: image.count).initialize(from: image)
      copy = bytes
    }
    let size = sqlite3_int64(image.count)
    // On failure SQLite frees `copy` itself (SQLITE_DESERIALIZE_FREEONCLOSE).
    let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
    let rc = sqlite3_deserialize(db, database, copy, size, size, flags)
    guard rc == SQLITE_OK else { throw Self.deserializeError(rc) }
    guard var limit = maximumSize else { return }
    _ = sqlite3_file_control(db, database, SQLITE_FCNTL_SIZE_LIMIT, &limit)
  }

  /// `sqlite3_deserialize` sets no message on the connection: the code's own text.
  private static func deserializeError(_ rc: Int32) -> SQLiteError {
    SQLiteError(code: ResultCode(rawValue: rc), message: String(cString: sqlite3_errstr(rc)))
  }
}
