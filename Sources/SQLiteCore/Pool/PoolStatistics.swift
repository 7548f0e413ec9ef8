/// A snapshot of a ``ConnectionPool``'s state, for the shell's `.stats` and `.bench`.
public struct PoolStatistics: Sendable, Hashable {
  /// The most readers allowed open at once.
  public var maximumReaderCount: Int
  /// Readers open (or opening), busy or idle.
  public var openReaders: Int
  /// Readers running a read.
  public var busyReaders: Int
  /// Open readers waiting for work.
  public var idleReaders: Int
  /// Reads waiting for a reader.
  public var waitingReads: Int
  /// Who holds the writer.
  public var writerState: WriterState
  /// Writes and writer sessions waiting for the writer.
  public var waitingWrites: Int
  /// The size of the `-wal` file in bytes (0 when it does not exist).
  public var walSize: Int64
  /// Readers opened since the pool opened.
  public var readersOpened: Int
  /// Readers closed since the pool opened (equal to ``readersOpened`` after `close()`).
  public var readersClosed: Int
  /// Observers (``ConnectionPool/observe(_:)``) waiting for their next value.
  public var waitingObservers = 0
}

extension ConnectionPool {
  /// The pool's state now: readers, waiters, writer, WAL size.
  public var statistics: PoolStatistics {
    let readerState = readers.withLock { state in
      (
        state.maximum, state.openCount, state.busyCount, state.idle.count,
        state.waiters.count, state.openedTotal, state.closedTotal
      )
    }
    return PoolStatistics(
      maximumReaderCount: readerState.0, openReaders: readerState.1,
      busyReaders: readerState.2, idleReaders: readerState.3, waitingReads: readerState.4,
      writerState: writerLock.holder, waitingWrites: writerLock.waitingCount,
      walSize: Self.fileSize(walPath), readersOpened: readerState.5,
      readersClosed: readerState.6, waitingObservers: observers.waitingCount)
  }
}
