@preconcurrency import Glibc
import SQLiteShell

/// Shows one result at a time through `$PAGER` (else `less -FRX`) on the terminal.
///
/// With `.pager auto` the result's bytes are held until they fill a screen: a result that fits
/// is written as is, one that overflows starts the pager, which gets the held bytes and then
/// the rest as it is produced. `.pager on` starts it with the first byte. Error messages
/// written meanwhile go the same way, so they stay in order with the rows. When the pager quits
/// early (`q`), the rest of the result is dropped and the statement interrupted.
final class Pager {
  private enum Phase {
    /// Straight to the terminal: no pager for this result.
    case direct
    /// Holding bytes until they overflow the screen.
    case holding
    /// Feeding the pager.
    case piping
    /// The pager quit: dropping the rest.
    case dropping
  }

  private var phase = Phase.direct
  private var startsAtOnce = false
  private var held: [UInt8] = []
  private var screen = ScreenCounter(rows: 24, columns: 80)
  private var process: ChildProcess?
  private var pipeEnd: Int32 = -1
  /// Pager commands already reported as not found.
  nonisolated(unsafe) private static var reportedMissing: Set<String> = []
  /// Called when the pager quits before the result ended (interrupts the statement).
  var onQuit: () -> Void = {}
  /// Called once the pager has the screen: the progress line must not draw over it.
  var onStart: () -> Void = {}

  /// The pager command: `$PAGER`, else `less -FRX` (or `more` without less).
  static var command: String {
    if let pager = ChildProcess.environment("PAGER") { return pager }
    let hasLess = access("/usr/bin/less", X_OK) == 0 || access("/bin/less", X_OK) == 0
    return hasLess ? "less -FRX" : "more"
  }

  /// The pager for a whole result (`.last`): `$LITESH_PAGER`, else `$PAGER`, else
  /// `less -SRX`, which scrolls wide lines sideways instead of folding them.
  static var fullResultCommand: String {
    if let pager = ChildProcess.environment("LITESH_PAGER") { return pager }
    if let pager = ChildProcess.environment("PAGER") { return pager }
    let hasLess = access("/usr/bin/less", X_OK) == 0 || access("/bin/less", X_OK) == 0
    return hasLess ? "less -SRX" : "more"
  }

  /// Pages the rest of this result through ``fullResultCommand`` whatever `.pager` says
  /// (`.last`); the bytes held so far go first.
  func startFullResult() {
    guard phase == .direct || phase == .holding else { return }
    startPager(command: Self.fullResultCommand)
  }

  /// Starts a result: `setting` and whether standard output is a terminal decide paging.
  func begin(_ setting: ShellState.TerminalSetting, isTerminal: Bool) {
    phase = .direct
    guard isTerminal, setting != .off else { return }
    let size = TerminalCapabilities.windowSize()
    screen = ScreenCounter(rows: size.rows, columns: size.columns)
    startsAtOnce = setting == .on
    held.removeAll(keepingCapacity: true)
    phase = .holding
  }

  /// Takes bytes of results (standard output).
  func write(_ bytes: UnsafeRawBufferPointer) {
    switch phase {
    case .direct:
      Self.writeAll(STDOUT_FILENO, bytes)
    case .holding:
      held.append(contentsOf: bytes)
      if startsAtOnce || screen.overflows(after: bytes) { startPager() }
    case .piping:
      feed(bytes)
    case .dropping:
      break
    }
  }

  /// Takes bytes of error messages (standard error), in order with the results.
  func writeError(_ bytes: UnsafeRawBufferPointer) {
    switch phase {
    case .direct:
      Self.writeAll(STDERR_FILENO, bytes)
    case .holding:
      // An error ends paging for this result: what was held fits the screen anyway.
      writeHeld()
      held.removeAll(keepingCapacity: true)
      phase = .direct
      Self.writeAll(STDERR_FILENO, bytes)
    case .piping:
      feed(bytes)
    case .dropping:
      break
    }
  }

  /// Ends the result: writes what was held, or closes the pager's input and waits for it.
  func end() {
    switch phase {
    case .holding:
      writeHeld()
    case .piping, .dropping:
      if pipeEnd >= 0 { close(pipeEnd) }
      pipeEnd = -1
      _ = process?.wait()
      process = nil
    case .direct:
      break
    }
    held.removeAll(keepingCapacity: true)
    phase = .direct
  }

  private func startPager(command: String = Pager.command) {
    // A misspelt `$PAGER`: the shell would say "not found" and read nothing, and the result
    // would be lost; it is shown here instead, with a warning the first time.
    guard ChildProcess.findsProgram(of: command) else {
      if Self.reportedMissing.insert(command).inserted {
        Self.writeAll(
          STDERR_FILENO,
          "litesh: the pager \"\(command)\" was not found; showing results without it\n")
      }
      phase = .direct
      writeHeld()
      return
    }
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else {
      phase = .direct
      writeHeld()
      return
    }
    _ = fcntl(descriptors[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(descriptors[1], F_SETFD, FD_CLOEXEC)
    process = ChildProcess.start(command, standardInput: descriptors[0])
    close(descriptors[0])
    guard process != nil else {
      close(descriptors[1])
      phase = .direct
      writeHeld()
      return
    }
    pipeEnd = descriptors[1]
    phase = .piping
    onStart()
    let bytes = held
    held.removeAll()
    bytes.withUnsafeBytes { feed($0) }
  }

  private func writeHeld() {
    _ = held.withUnsafeBytes { Self.writeAll(STDOUT_FILENO, $0) }
  }

  private func feed(_ bytes: UnsafeRawBufferPointer) {
    guard !Self.writeAll(pipeEnd, bytes) else { return }
    phase = .dropping
    onQuit()
  }

  private static func writeAll(_ descriptor: Int32, _ text: String) {
    var text = text
    _ = text.withUTF8 { writeAll(descriptor, UnsafeRawBufferPointer($0)) }
  }

  /// Writes every byte; `false` when the descriptor stopped taking them (a closed pipe).
  @discardableResult
  private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    OutputSink.writeAll(bytes, to: descriptor) == nil
  }
}
