import SQLiteCore
import Synchronization

/// The interrupt handle of the connection the shell runs statements on, and its read pool while
/// readers are on, usable from any thread.
///
/// The shell updates it whenever its connection changes (opened, `.open`, closed), so a signal
/// watcher thread can interrupt the running statement without touching the shell itself.
package final class InterruptTarget: Sendable {
  private let handle = Mutex<InterruptHandle?>(nil)
  private let pool = Mutex<ConnectionPool?>(nil)

  /// No connection yet.
  package init() {}

  /// Interrupts the statement running on the current connection or on one of its readers.
  package func interrupt() {
    handle.withLock { $0 }?.interrupt()
    pool.withLock { $0 }?.interrupt()
  }

  /// Points at `connection`'s handle and the read pool, or at nothing.
  func update(_ connection: Connection?, pool readers: ConnectionPool? = nil) {
    let next = connection?.interruptHandle
    handle.withLock { $0 = next }
    pool.withLock { $0 = readers }
  }
}
