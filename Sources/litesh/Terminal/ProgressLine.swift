@preconcurrency import Glibc
import SQLiteShell
import Synchronization

/// The "still running" line a long statement shows on the terminal.
///
/// ``start()`` before a statement arms a thread that, after ``delay`` seconds, draws the elapsed
/// time on standard error and updates it every tenth of a second; ``restart()`` (call it before
/// output reaches the screen) erases it and times afresh, ``finish()`` at the end erases it, so
/// the line never mixes with results. With a row counter it also shows the rows of output the
/// statement has written so far, once there are any. Nothing is drawn when standard error is not
/// a terminal.
final class ProgressLine: Sendable {
  /// Seconds a statement runs before the line appears.
  static let delay = 1.0

  private struct State {
    var startedAt: Double?
    var isDrawn = false
    var rowsAtStart = 0
  }

  private let state = Mutex(State())
  private let isEnabled: Bool
  private let rows: RowCounter?

  /// Creates the progress line; it draws only if `isEnabled` (standard error is a terminal),
  /// and counts the rows `rows` sees written after each ``start()``.
  init(isEnabled: Bool, rows: RowCounter? = nil) {
    self.isEnabled = isEnabled
    self.rows = rows
    guard isEnabled else { return }
    // The thread holds the line for good: it ticks as long as the process runs.
    DetachedThread.start { self.tick() }
  }

  /// Starts timing a statement.
  func start() {
    guard isEnabled else { return }
    let rowsAtStart = rows?.value ?? 0
    state.withLock { $0 = State(startedAt: Self.now(), isDrawn: false, rowsAtStart: rowsAtStart) }
  }

  /// Stops timing and erases the line if it is showing.
  func finish() {
    guard isEnabled else { return }
    state.withLock { state in
      if state.isDrawn { Self.writeError("\r\u{1B}[2K") }
      state = State()
    }
  }

  /// Erases the line if it is showing and times afresh from now: output has just reached the
  /// screen, and the line comes back if the work then runs on without any (a long statement
  /// later in a `.read` script).
  func restart() {
    guard isEnabled else { return }
    state.withLock { state in
      guard state.startedAt != nil else { return }
      if state.isDrawn { Self.writeError("\r\u{1B}[2K") }
      state.startedAt = Self.now()
      state.isDrawn = false
    }
  }

  /// Runs `write` with the line erased, and goes on timing: the line comes back at the next
  /// tick, below what `write` wrote (a warning from a `.read` script's `.readers`, say).
  func whileErased(_ write: () -> Void) {
    guard isEnabled else { return write() }
    state.withLock { state in
      if state.isDrawn { Self.writeError("\r\u{1B}[2K") }
      state.isDrawn = false
      write()
    }
  }

  private func tick() {
    while true {
      var pause = timespec(tv_sec: 0, tv_nsec: 100_000_000)
      _ = nanosleep(&pause, nil)
      state.withLock { state in
        guard let startedAt = state.startedAt else { return }
        let elapsed = Self.now() - startedAt
        guard elapsed >= Self.delay else { return }
        let tenths = Int(elapsed * 10)
        var text = "running \(tenths / 10).\(tenths % 10) s"
        // Rows of output: none yet is no news (a write, an `.import`, a wait for a lock).
        if let rows, case let count = rows.value - state.rowsAtStart, count > 0 {
          text += ", \(count) row\(count == 1 ? "" : "s")"
        }
        Self.writeError("\r\u{1B}[2K\(text) (Ctrl-C to interrupt)")
        state.isDrawn = true
      }
    }
  }

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  private static func writeError(_ text: String) {
    var text = text
    text.withUTF8 { buffer in _ = write(STDERR_FILENO, buffer.baseAddress, buffer.count) }
  }
}
