/// Whether the shell goes on: errors so far, requests to stop, and what stops running work
/// (``Shell/control``).
package struct RunControl {
  /// Whether any error happened since this was last reset (exit status 1 at the end).
  package var hadError = false
  /// `.quit`, a bail-out or an `.exit` line asked to stop reading input.
  var quitRequested = false
  /// Asked after each line of the main input is read: a request to stop reading (set by the
  /// program's signal handling; the library never installs signal handlers).
  package var stopRequest: () -> Shell.StopRequest? = { nil }
  /// Interrupts the statement running on ``Shell/connection`` from any thread (signal
  /// watchers).
  package let interruptTarget = InterruptTarget()
  /// Ctrl-C for work that is not a statement of ``Shell/connection`` (a running `.bench`).
  package let workStop = StopRequest()
}
