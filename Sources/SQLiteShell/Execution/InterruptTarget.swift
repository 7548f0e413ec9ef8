import SQLiteCore
import Synchronization

/// The interrupt handle of the connection the shell runs statements on, usable from any thread.
///
/// The shell updates it whenever its connection changes (opened, `.open`, closed), so a signal
/// watcher thread can interrupt the running statement without touching the shell itself.
public final class InterruptTarget: Sendable {
  private let handle = Mutex<InterruptHandle?>(nil)

  /// No connection yet.
  public init() {}

  /// Interrupts the statement running on the current connection, if any.
  public func interrupt() {
    handle.withLock { $0 }?.interrupt()
  }

  /// Points at `connection`'s handle, or at nothing.
  func update(_ connection: Connection?) {
    let next = connection?.interruptHandle
    handle.withLock { $0 = next }
  }
}
