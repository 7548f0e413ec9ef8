import Glibc
package import SQLiteCore

/// Routes SQLite's process-wide error log to the sink `.log` chose.
///
/// sqlite3 installs its log callback once, before SQLite initialises, and `.log` only picks
/// where lines go; litesh does the same: ``installSQLiteHandler()`` at process start, then each
/// shell's `.log` registers its sink for the thread it runs on. SQLite logs on the thread that
/// runs the statement, and a shell runs every statement on its own thread, so a line reaches the
/// shell whose statement caused it; lines logged on a thread with no `.log` sink are dropped
/// (as sqlite3 drops them while `.log` is off).
package enum ShellLog {
  /// A sink registered by `.log`, held weakly: a finished shell leaves nothing behind.
  ///
  /// `@unchecked Sendable`: the sink is written only on the thread that registered it (the
  /// lookup is keyed by the calling thread). Other threads only load the weak reference, under
  /// the table's lock, to drop entries whose shell is gone; weak loads are atomic in the Swift
  /// runtime and never touch the sink itself.
  private final class Destination: @unchecked Sendable {
    weak var sink: OutputSink?
    init(_ sink: OutputSink) { self.sink = sink }
  }

  /// Behind a `pthread_mutex_t` (``PoolLock``), not `Synchronization.Mutex`: the contended
  /// Mutex hands over in the kernel, which ThreadSanitizer cannot see, and two shells closing at
  /// once in the TSan run were reported as a race on this table.
  private static let destinations = PoolLock<[UInt: Destination]>([:])

  /// Installs the SQLite log callback; `false` when SQLite had already initialised (or a
  /// handler is installed), in which case `.log` prints nothing.
  @discardableResult
  package static func installSQLiteHandler() -> Bool {
    do {
      try SQLiteLog.install { entry in deliver(entry) }
      return true
    } catch {
      return error == .alreadyInstalled
    }
  }

  /// Writes one entry as sqlite3's `shellLog` does (`(CODE) MESSAGE`, then a flush) to the sink
  /// registered for the calling thread, if any.
  package static func deliver(_ entry: SQLiteLog.Entry) {
    let thread = currentThread()
    let destination = destinations.withLock { $0[thread] }
    guard let sink = destination?.sink else { return }
    sink.write("(\(entry.code.rawValue)) \(entry.message)\n")
    sink.flush()
  }

  /// Sends the calling thread's log lines to `sink`; `nil` turns them off.
  static func route(to sink: OutputSink?) {
    let thread = currentThread()
    let destination = sink.map(Destination.init)
    destinations.withLock { table in
      table = table.filter { $0.value.sink != nil }
      table[thread] = destination
    }
  }

  private static func currentThread() -> UInt {
    UInt(pthread_self())
  }
}
