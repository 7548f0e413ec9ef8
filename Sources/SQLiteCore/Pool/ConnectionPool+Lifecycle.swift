extension ConnectionPool {
  /// Runs a WAL checkpoint on the writer (waiting for its turn, like a write).
  ///
  /// - Returns: the frames in the WAL and the frames copied into the database.
  @discardableResult
  public func checkpoint(_ mode: CheckpointMode = .passive) async throws -> CheckpointResult {
    try await writeWithoutTransaction { db in try db.checkpoint(mode) }
  }

  /// Interrupts every statement running in the pool now (the shell's Ctrl-C).
  ///
  /// Only connections with an access in progress are interrupted; the interrupted accesses
  /// fail with an `SQLITE_INTERRUPT` error, and later accesses are not affected.
  public func interrupt() {
    writer.interruptRunningAccess()
    let open = readers.withLock { Array($0.all.values) }
    for reader in open { reader.interruptRunningAccess() }
  }

  /// Whether ``close()`` has begun: new accesses are refused from then on.
  public var isClosing: Bool { isClosingState.withLock { $0 } }

  /// Closes the pool in order: readers first, then the writer after a `TRUNCATE` checkpoint.
  ///
  /// New accesses fail at once with a `misuse` error; reads and writes waiting for their turn
  /// fail too; the reads, write or session already running finish first. Closing twice does
  /// nothing. A checkpoint that cannot finish at once (another process is reading or writing) is
  /// skipped, without waiting for the busy timeout. Every
  /// stream ``changes()`` made ends.
  public func close() async throws {
    let wasClosing = isClosingState.withLock { closing in
      defer { closing = true }
      return closing
    }
    if wasClosing { return }
    observation.finish()
    writerLock.beginClosing()
    let (idle, resumptions) = readers.withLock { $0.close() }
    resumptions.resumeAll()
    for reader in idle { try? await reader.close() }
    await drainReaders()
    await writerLock.acquireIgnoringCancellation(as: .writing)
    defer { writerLock.release() }
    if configuration.checkpointsOnClose {
      _ = try? await writer.run(token: 0, cancellable: false) { db in
        // Without waiting: another process writing or reading would hold the close for the
        // whole busy timeout (a shell's `.quit` hung so), and the checkpoint is only tidying.
        db.setBusyTimeout(milliseconds: 0)
        return try db.checkpoint(.truncate)
      }
    }
    try await writer.close()
  }

  /// The size of a file in bytes, 0 when it does not exist.
  static func fileSize(_ path: String) -> Int64 { PlatformFile.size(atPath: path) }
}
