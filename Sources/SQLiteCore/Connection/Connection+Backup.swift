import CSQLite

/// An online backup: copies one database of a connection into a database of another, a few
/// pages at a time, so a caller can report progress or yield between steps.
///
/// ```swift
/// let backup = try Backup(from: source, to: destination)
/// while try !backup.step(pages: 100) { print(backup.remainingPages, backup.pageCount) }
/// ```
///
/// Related SQLite documentation: <https://www.sqlite.org/backup.html>
public final class Backup {
  private var pointer: OpaquePointer?
  private let destination: Connection
  /// Keeps the source connection alive for as long as the backup runs.
  private let source: Connection

  /// Starts a backup of `sourceDatabase` of `source` into `destinationDatabase` of `destination`.
  ///
  /// - Throws: ``SQLiteError`` with the destination's message when the backup cannot start
  ///   (for example when the destination has a read transaction open).
  public init(
    from source: Connection, database sourceDatabase: String = "main",
    to destination: Connection, database destinationDatabase: String = "main"
  ) throws(SQLiteError) {
    try source.handle.checkOpen()
    try destination.handle.checkOpen()
    guard
      let pointer = sqlite3_backup_init(
        destination.handle.db, destinationDatabase, source.handle.db, sourceDatabase)
    else {
      let rc = sqlite3_extended_errcode(destination.handle.db)
      throw destination.handle.error(rc)
    }
    self.pointer = pointer
    self.source = source
    self.destination = destination
  }

  deinit {
    if let pointer { sqlite3_backup_finish(pointer) }
  }

  /// Copies up to `pages` pages (all when negative): `true` once the backup is complete.
  ///
  /// After `SQLITE_BUSY` or `SQLITE_LOCKED` the backup can be stepped again; any other failure
  /// finishes it.
  /// - Throws: ``SQLiteError``, with the destination's message for a failure that finished it.
  @discardableResult
  public func step(pages: Int32 = -1) throws(SQLiteError) -> Bool {
    guard let pointer else { return true }
    let rc = sqlite3_backup_step(pointer, pages)
    switch rc {
    case SQLITE_DONE: return true
    case SQLITE_OK: return false
    case SQLITE_BUSY, SQLITE_LOCKED:
      throw SQLiteError(
        code: ResultCode(rawValue: rc), message: String(cString: sqlite3_errstr(rc)))
    default:
      self.pointer = nil
      let finished = sqlite3_backup_finish(pointer)
      throw destination.handle.error(finished == SQLITE_OK ? rc : finished)
    }
  }

  /// Pages still to copy after the last ``step(pages:)``.
  public var remainingPages: Int {
    pointer.map { Int(sqlite3_backup_remaining($0)) } ?? 0
  }

  /// Pages in the source database at the last ``step(pages:)``.
  public var pageCount: Int {
    pointer.map { Int(sqlite3_backup_pagecount($0)) } ?? 0
  }

  /// Releases the backup; the destination keeps what was copied.
  ///
  /// Finishing twice does nothing.
  ///
  /// - Throws: ``SQLiteError`` when an earlier step failed for a reason other than a lock.
  public func finish() throws(SQLiteError) {
    guard let pointer else { return }
    self.pointer = nil
    let rc = sqlite3_backup_finish(pointer)
    guard rc == SQLITE_OK else { throw destination.handle.error(rc) }
  }
}

extension Connection {
  /// Copies `database` of this connection into `destinationDatabase` of `destination`.
  ///
  /// `progress` is called after each step of `pagesPerStep` pages with the pages still to copy
  /// and the total; return `false` from it to stop early (the destination keeps the pages
  /// copied so far).
  /// - Throws: ``SQLiteError`` when the backup cannot start or a step fails.
  public func backup(
    database: String = "main", to destination: Connection,
    database destinationDatabase: String = "main", pagesPerStep: Int32 = 100,
    progress: ((_ remaining: Int, _ total: Int) -> Bool)? = nil
  ) throws(SQLiteError) {
    let backup = try Backup(
      from: self, database: database, to: destination, database: destinationDatabase)
    while try !backup.step(pages: pagesPerStep) {
      if let progress, !progress(backup.remainingPages, backup.pageCount) { break }
    }
    try backup.finish()
  }
}
