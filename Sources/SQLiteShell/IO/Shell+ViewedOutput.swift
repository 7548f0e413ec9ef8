import Glibc
import SQLiteCore

/// `.once -e|-x`, `.output -e|-x`, `.excel`: the temporary file and the opener (see
/// ``ViewedOutput``).
extension Shell {
  /// Saves the settings, makes a new temporary file name for `kind` (removing the last one)
  /// and, for a spreadsheet, switches to CSV with sqlite3's separators and echo off.
  ///
  /// Returns the file name the output should go to.
  func startViewedOutput(_ kind: ViewedOutput.Kind) -> String {
    redirection.viewed.removeFile()
    redirection.viewed.saved = ViewedOutput.SavedSettings(
      mode: state.style.mode, columnSeparator: state.style.columnSeparator,
      rowSeparator: state.style.rowSeparator, echo: state.echo,
      countChanges: state.countChanges,
      headersSetExplicitly: state.style.headersSetExplicitly)
    let random = sqliteRandom(UInt64.self)
    let path = ViewedOutput.temporaryPath(
      vfsName: connection?.temporaryFileName(), suffix: kind.suffix, random: random)
    redirection.viewed.path = path
    if kind == .spreadsheet {
      state.echo = false
      state.style.mode = .csv
      state.style.columnSeparator = ","
      state.style.rowSeparator = "\r\n"
    }
    return path
  }

  /// When an opener is due: runs it on the finished file (`Failed: [COMMAND]` on standard
  /// error when it fails) and restores the saved settings.
  func finishViewedOutput() {
    guard let saved = redirection.viewed.saved else { return }
    let path = redirection.viewed.path ?? ""
    let command = ViewedOutput.opener + " " + path
    flush()
    // The name as one argument: sqlite3's system() would split a name with spaces in $TMP.
    let process = ChildProcess.start(ViewedOutput.opener + " \"$1\"", arguments: [path])
    if let process, process.wait() == 0 {
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      redirection.viewed.openedAt = now
    } else {
      errors.write("Failed: [\(command)]\n")
      errors.flush()
    }
    state.style.mode = saved.mode
    state.style.columnSeparator = saved.columnSeparator
    state.style.rowSeparator = saved.rowSeparator
    state.echo = saved.echo
    state.countChanges = saved.countChanges
    state.style.headersSetExplicitly = saved.headersSetExplicitly
    redirection.viewed.saved = nil
  }
}
