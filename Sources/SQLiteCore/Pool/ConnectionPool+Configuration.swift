extension ConnectionPool {
  /// How a ``ConnectionPool`` opens and runs its connections.
  public struct Configuration: Sendable {
    /// The most readers open at once; values below 1 count as 1.
    ///
    /// Change it later with ``ConnectionPool/setMaximumReaderCount(_:)``.
    public var maximumReaderCount: Int
    /// How long every connection waits for a lock held elsewhere before `SQLITE_BUSY`
    /// (`sqlite3_busy_timeout`), in milliseconds.
    public var busyTimeout: Int32
    /// How long a read waits for a free reader before failing; `nil` waits until cancelled.
    public var readerWaitTimeout: Duration?
    /// The WAL file is truncated back to this many bytes after a checkpoint
    /// (`PRAGMA journal_size_limit`); a negative value leaves it unbounded.
    public var journalSizeLimit: Int64
    /// Pages in the WAL that trigger an automatic passive checkpoint (`PRAGMA wal_autocheckpoint`).
    public var autoCheckpointPages: Int
    /// Whether the writer uses `PRAGMA synchronous = NORMAL` (safe in WAL mode, much faster);
    /// `false` keeps SQLite's default, `FULL`.
    public var usesNormalSynchronous: Bool
    /// Statements kept in each connection's statement cache.
    public var statementCacheCapacity: Int
    /// Whether ``ConnectionPool/close()`` runs a `TRUNCATE` checkpoint before closing the writer.
    public var checkpointsOnClose: Bool
    /// How far below the process's priority the readers' own threads run.
    ///
    /// Their nice value above the process's: 2 by default, 0 for equal footing.
    ///
    /// Writes are serial, so when busy readers keep the cores the one writer every write waits
    /// on should get a core first: measured with 8 readers doing one lookup per access beside
    /// a writer on 2 cores, 2 raised the writes by about 30% and lowered the reads by about 5%
    /// (`Benchmarks/results/session10-w5.md`). Only the pool's own reader threads change:
    /// a thread calling ``ConnectionPool/readSynchronously(_:)`` keeps its own priority.
    /// Linux only, where the nice value is per thread; ignored elsewhere. Raising it needs no
    /// privilege (lowering it back does).
    public var readerThreadNiceness: Int32
    /// Runs on every connection right after it opens, writer and readers alike: register
    /// functions and collations, attach databases, set pragmas.
    public var prepareConnection: (@Sendable (Connection) throws -> Void)?

    /// A configuration with the given values; the defaults suit most uses.
    public init(
      maximumReaderCount: Int = 4, busyTimeout: Int32 = 5_000,
      readerWaitTimeout: Duration? = nil, journalSizeLimit: Int64 = 64 * 1024 * 1024,
      autoCheckpointPages: Int = 1_000, usesNormalSynchronous: Bool = true,
      statementCacheCapacity: Int = 64, checkpointsOnClose: Bool = true,
      readerThreadNiceness: Int32 = 2,
      prepareConnection: (@Sendable (Connection) throws -> Void)? = nil
    ) {
      self.maximumReaderCount = maximumReaderCount
      self.busyTimeout = busyTimeout
      self.readerWaitTimeout = readerWaitTimeout
      self.journalSizeLimit = journalSizeLimit
      self.autoCheckpointPages = autoCheckpointPages
      self.usesNormalSynchronous = usesNormalSynchronous
      self.statementCacheCapacity = statementCacheCapacity
      self.checkpointsOnClose = checkpointsOnClose
      self.readerThreadNiceness = readerThreadNiceness
      self.prepareConnection = prepareConnection
    }
  }
}

extension ConnectionPool.Configuration {
  /// Opens and sets up the writer: WAL, busy timeout, synchronous, bounded WAL, user hook.
  func openWriter(path: String) throws -> Connection {
    let options = OpenOptions(
      mode: .readWriteCreate, busyTimeout: busyTimeout,
      statementCacheCapacity: statementCacheCapacity)
    let db = try Connection(path: path, options: options)
    do {
      let mode = try db.scalar("PRAGMA journal_mode = WAL", as: String.self) ?? ""
      guard mode.lowercased() == "wal" else {
        throw SQLiteError(
          code: .error, message: "cannot switch \(path) to WAL: journal mode is \(mode)")
      }
      if usesNormalSynchronous { try db.execute("PRAGMA synchronous = NORMAL") }
      try db.execute("PRAGMA journal_size_limit = \(journalSizeLimit)")
      try db.execute("PRAGMA wal_autocheckpoint = \(autoCheckpointPages)")
      try prepareConnection?(db)
      // Fails early with SQLITE_NOTADB on a file that is not a database.
      _ = try db.query("SELECT * FROM sqlite_master LIMIT 1")
      if let file = db.fileName(), ConnectionPool.fileSize(file + "-wal") == 0 {
        // Read-only readers cannot open a WAL database whose -wal is missing or empty:
        // writing the header page back unchanged gives the WAL its first frame.
        let version = try db.scalar("PRAGMA user_version", as: Int64.self) ?? 0
        // Without waiting: another connection writing means the WAL is in use, and readers
        // open without the frame (a pool failed to open beside any writer, or waited out the
        // busy timeout first, new-user report and review).
        db.setBusyTimeout(milliseconds: 0)
        defer { db.setBusyTimeout(milliseconds: busyTimeout) }
        do {
          try db.execute("PRAGMA user_version = \(version)")
        } catch {
          guard error.primaryCode == .busy else { throw error }
        }
      }
      return db
    } catch {
      try? db.close()
      throw error
    }
  }

  /// Opens a read-only reader (only after the writer has set up WAL).
  func openReader(path: String) throws -> Connection {
    let options = OpenOptions(
      mode: .readOnly, busyTimeout: busyTimeout, statementCacheCapacity: statementCacheCapacity)
    let db = try Connection(path: path, options: options)
    do {
      try prepareConnection?(db)
      return db
    } catch {
      try? db.close()
      throw error
    }
  }
}
