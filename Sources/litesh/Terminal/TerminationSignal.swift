@preconcurrency import Glibc
import SQLiteCore
import SQLiteShell
import Synchronization

/// SIGHUP and SIGTERM in every mode, and SIGINT in batch mode: stop, roll back, leave cleanly.
///
/// The handler is async-signal-safe: it stores the signal number in an atomic and writes one
/// byte to each of two pipes. A watcher thread reads the first and interrupts the statement
/// running on the shell's connection (through its thread-safe ``InterruptHandle``); the second
/// is never drained, so it stays readable and ``LineReader/stopDescriptor`` ends a read that was
/// waiting for input. SIGHUP and SIGTERM are installed without `SA_RESTART`, so libedit's
/// `readline()` returns too (with `EINTR`). The process then leaves through ``Shell/close(reason:)``
/// (an open transaction rolled back with a warning, output flushed, the REPL's history saved) and
/// exits with status 128 + signal.
///
/// SIGINT in batch mode does what sqlite3 3.40.1 does: the running statement stops with
/// `interrupted`, and input stops before the next line (installed with `SA_RESTART`, as
/// sqlite3's `signal()` is, so a read waiting for input is not cut short).
enum TerminationSignal {
  /// The termination signal received (SIGHUP or SIGTERM), or 0.
  private static let terminating = Atomic<Int32>(0)
  /// Whether SIGINT came in batch mode.
  private static let interrupted = Atomic<Bool>(false)
  private static let watcherWriteEnd = Atomic<Int32>(-1)
  private static let stopWriteEnd = Atomic<Int32>(-1)
  private static let stopReadEnd = Atomic<Int32>(-1)
  private static let target = Mutex<InterruptTarget?>(nil)
  /// Long-running work without a statement to interrupt (a `.bench`) stops through this.
  private static let workStop = Mutex<StopRequest?>(nil)

  /// Installs the handlers for `shell`; call once, before reading input.
  ///
  /// `batchInterrupt` also takes SIGINT (until ``releaseInterrupt()``: in the REPL
  /// ``InterruptSignal`` owns it).
  static func install(for shell: Shell, batchInterrupt: Bool) {
    // Touch every static now: their lazy initialisation must not happen in the handler.
    terminating.store(0, ordering: .sequentiallyConsistent)
    interrupted.store(false, ordering: .sequentiallyConsistent)
    guard let watcher = SignalWatcher.makePipe(), let stop = SignalWatcher.makePipe() else {
      return
    }
    watcherWriteEnd.store(watcher.write, ordering: .sequentiallyConsistent)
    stopReadEnd.store(stop.read, ordering: .sequentiallyConsistent)
    stopWriteEnd.store(stop.write, ordering: .sequentiallyConsistent)
    target.withLock { $0 = shell.control.interruptTarget }
    workStop.withLock { $0 = shell.control.workStop }
    shell.control.stopRequest = { request }
    SignalWatcher.startThread(reading: watcher.read) {
      target.withLock { $0 }?.interrupt()
      workStop.withLock { $0 }?.request()
    }
    let handler: @convention(c) (Int32) -> Void = { number in TerminationSignal.fire(number) }
    SignalWatcher.install(SIGTERM, flags: 0, handler: handler)
    SignalWatcher.install(SIGHUP, flags: 0, handler: handler)
    if batchInterrupt { SignalWatcher.install(SIGINT, flags: SA_RESTART, handler: handler) }
  }

  /// Stops taking SIGINT and forgets one that came (the REPL starts: ``InterruptSignal`` owns
  /// Ctrl-C there, and a Ctrl-C during `-cmd` must not end it).
  static func releaseInterrupt() {
    _ = Glibc.signal(SIGINT, SIG_DFL)
    interrupted.store(false, ordering: .sequentiallyConsistent)
  }

  /// What the input loop should do now, if anything.
  static var request: Shell.StopRequest? {
    if terminating.load(ordering: .sequentiallyConsistent) != 0 { return .terminate }
    return interrupted.load(ordering: .sequentiallyConsistent) ? .interrupt : nil
  }

  /// The descriptor that becomes readable once a termination signal came (see ``LineReader``).
  static var stopDescriptor: Int32 { stopReadEnd.load(ordering: .sequentiallyConsistent) }

  /// The termination signal received, if any.
  static var signal: Int32? {
    let number = terminating.load(ordering: .sequentiallyConsistent)
    return number == 0 ? nil : number
  }

  /// Why the shell is leaving, for its warning: the signal's name, if one came.
  static var leaveReason: Shell.LeaveReason? {
    switch signal {
    case SIGTERM: .signal("SIGTERM")
    case SIGHUP: .signal("SIGHUP")
    default: request == .interrupt ? .signal("SIGINT") : nil
    }
  }

  /// `status`, or 128 + the signal after a termination signal.
  static func exitStatus(_ status: Int32) -> Int32 {
    signal.map { 128 + $0 } ?? status
  }

  /// The signal handler's whole work: atomics and `write(2)`.
  private static func fire(_ number: Int32) {
    if number == SIGINT {
      interrupted.store(true, ordering: .sequentiallyConsistent)
    } else {
      _ = terminating.compareExchange(
        expected: 0, desired: number, ordering: .sequentiallyConsistent)
      var byte: UInt8 = 1
      _ = write(stopWriteEnd.load(ordering: .sequentiallyConsistent), &byte, 1)
    }
    var byte: UInt8 = 1
    _ = write(watcherWriteEnd.load(ordering: .sequentiallyConsistent), &byte, 1)
  }

}
