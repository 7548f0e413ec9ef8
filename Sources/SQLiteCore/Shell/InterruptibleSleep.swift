import CSQLite

/// SQLite's sleeps that end early once the REPL's Ctrl-C came: the waits of a busy timeout,
/// which `sqlite3_interrupt` does not reach.
///
/// SQLite's busy handler sleeps through the default VFS's `xSleep`, between attempts at the
/// lock, and counts its schedule in attempts, not in time slept: with each sleep cut short it
/// runs through its attempts at once and the statement fails with `SQLITE_BUSY` ("database is
/// locked") instead of waiting out `.timeout`. A replacement `xSleep` does that: the default VFS
/// is registered again as a copy, under its own name, whose `xSleep` sleeps in steps of at most
/// 10 ms and stops when `isInterrupted` says so. Connections opened afterwards use it.
package enum InterruptibleSleep {
  nonisolated(unsafe) private static var isInterrupted: (@Sendable () -> Bool)?
  nonisolated(unsafe) private static var base: UnsafeMutablePointer<sqlite3_vfs>?

  /// Installs the copy as the default VFS, once; `isInterrupted` must be cheap (an atomic load)
  /// and safe from any thread.
  package static func install(isInterrupted check: @escaping @Sendable () -> Bool) {
    guard base == nil, let original = sqlite3_vfs_find(nil) else { return }
    base = original
    isInterrupted = check
    let copy = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
    copy.initialize(to: original.pointee)
    copy.pointee.pNext = nil
    copy.pointee.xSleep = sleep
    // The same name, alone in the list: `.vfsname` and `.vfslist` show what sqlite3's do.
    sqlite3_vfs_unregister(original)
    sqlite3_vfs_register(copy, 1)
  }

  private static let sleep: @convention(c) (UnsafeMutablePointer<sqlite3_vfs>?, Int32) -> Int32 = {
    _, microseconds in
    guard let base, let originalSleep = base.pointee.xSleep else { return 0 }
    var left = microseconds
    while left > 0 {
      if isInterrupted?() == true { break }
      let step = min(left, 10_000)
      _ = originalSleep(base, step)
      left -= step
    }
    return microseconds
  }
}
