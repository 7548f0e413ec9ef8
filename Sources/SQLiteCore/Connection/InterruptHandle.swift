import CSQLite
import Synchronization

/// A thread-safe way to interrupt whatever a connection is running.
///
/// Get it from ``Connection/interruptHandle`` and call ``interrupt()`` from any thread or task.
/// After the connection closes, `interrupt()` does nothing. Not async-signal-safe: a signal
/// handler should use its own atomic flag.
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/interrupt.html>
public final class InterruptHandle: Sendable {
  /// The bit pattern of the `sqlite3*`, or 0 once the connection is closed.
  private let database: Mutex<Int>

  init(db: OpaquePointer) {
    database = Mutex(Int(bitPattern: db))
  }

  /// Makes the running statement (if any) stop with `SQLITE_INTERRUPT` at its next opportunity.
  public func interrupt() {
    database.withLock { bits in
      if let db = OpaquePointer(bitPattern: bits) { sqlite3_interrupt(db) }
    }
  }

  func invalidate() {
    database.withLock { $0 = 0 }
  }
}
