import CSQLite

/// How hard a WAL checkpoint tries (`sqlite3_wal_checkpoint_v2`).
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/wal_checkpoint_v2.html>
public enum CheckpointMode: String, Sendable, Hashable, CaseIterable {
  /// Copies as many frames as possible without waiting for readers or writers.
  case passive
  /// Waits for the writer lock and for readers on old snapshots, then copies every frame.
  case full
  /// Like ``full``, then waits until readers leave the WAL so the next writer restarts it.
  case restart
  /// Like ``restart``, then truncates the WAL file to zero bytes.
  case truncate

  var rawValue32: Int32 {
    switch self {
    case .passive: SQLITE_CHECKPOINT_PASSIVE
    case .full: SQLITE_CHECKPOINT_FULL
    case .restart: SQLITE_CHECKPOINT_RESTART
    case .truncate: SQLITE_CHECKPOINT_TRUNCATE
    }
  }
}

/// What a checkpoint found and did, in WAL frames.
public struct CheckpointResult: Sendable, Hashable {
  /// Frames in the WAL when the checkpoint ran.
  public var logFrames: Int
  /// Frames copied back into the database file (all of them when it equals ``logFrames``).
  public var checkpointedFrames: Int

  /// A result with the given frame counts.
  public init(logFrames: Int, checkpointedFrames: Int) {
    self.logFrames = logFrames
    self.checkpointedFrames = checkpointedFrames
  }
}

extension Connection {
  /// Copies WAL frames back into the database file.
  ///
  /// - Parameters:
  ///   - mode: how hard to try.
  ///   - database: the schema name (`main`, an attached name), or `nil` for all.
  /// - Returns: the frames in the WAL and the frames copied back.
  /// - Throws: ``SQLiteError``: `SQLITE_BUSY` when a full, restart or truncate checkpoint
  ///   could not finish within the busy timeout.
  @discardableResult
  public func checkpoint(
    _ mode: CheckpointMode = .passive, database: String? = nil
  ) throws(SQLiteError) -> CheckpointResult {
    try handle.checkOpen()
    var log: Int32 = -1
    var done: Int32 = -1
    let rc = sqlite3_wal_checkpoint_v2(handle.db, database, mode.rawValue32, &log, &done)
    guard rc == SQLITE_OK else { throw handle.error(rc) }
    return CheckpointResult(logFrames: Int(log), checkpointedFrames: Int(done))
  }
}
