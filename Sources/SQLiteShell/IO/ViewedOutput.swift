import Glibc

/// Output the system's opener shows once it is complete: `.once -e|-x`, `.output -e|-x` and
/// `.excel`, as sqlite3 3.40.1 does them.
///
/// The output goes to a temporary file (`.txt` for `-e`, `.csv` for `-x`); when the output
/// ends (after the next command for `.once` and `.excel`, at the next `.output` or `.once` or
/// at exit for `.output`) the shell runs `xdg-open FILE` (`open` on macOS) and restores the
/// settings it changed. sqlite3 runs the opener for `-e` too (not `$VISUAL` or `$EDITOR`): the
/// desktop chooses the text editor. The file stays until the next one is made or the shell
/// exits, and at least ``openerGrace`` after the opener started, so the program it launched
/// can read it (sqlite3 sleeps those 2 seconds at once; litesh returns to the prompt).
struct ViewedOutput {
  /// What the temporary file holds.
  enum Kind {
    /// The output as it is (`-e`).
    case text
    /// The output as CSV (`-x`, `.excel`).
    case spreadsheet

    /// The temporary file's suffix, which tells the opener what to start.
    var suffix: String { self == .text ? "txt" : "csv" }
  }

  /// The settings sqlite3's `outputModePush` saves and `outputModePop` restores.
  struct SavedSettings {
    var mode: OutputMode
    var columnSeparator: String
    var rowSeparator: String
    var echo: Bool
    var countChanges: Bool
    var headersSetExplicitly: Bool
  }

  /// The command that shows a file, given the file name after a space.
  static let opener = "xdg-open"

  /// How long the file is kept after the opener started, in seconds (sqlite3's sleep).
  static let openerGrace: Int = 2

  /// The temporary file of the last `-e`/`-x` output, until it is removed.
  var path: String?
  /// The settings to restore when the output ends; `nil` when no opener is due.
  var saved: SavedSettings?
  /// When the opener last started successfully (`CLOCK_MONOTONIC`).
  var openedAt: timespec?

  /// A temporary file name with `suffix`: the database's VFS's choice when one is given (as
  /// sqlite3's `SQLITE_FCNTL_TEMPFILENAME`), else `temp<hex>` in `$TEMP`, `$TMP` or `/tmp`.
  static func temporaryPath(vfsName: String?, suffix: String, random: UInt64) -> String {
    if let vfsName { return vfsName + "." + suffix }
    let directory =
      ChildProcess.environment("TEMP") ?? ChildProcess.environment("TMP") ?? "/tmp"
    return directory + "/temp" + String(random, radix: 16) + "." + suffix
  }

  /// Removes the temporary file, waiting first until the opener has had its grace period.
  ///
  /// Does nothing while an opener is still due (sqlite3's `clearTempFile`).
  mutating func removeFile() {
    guard saved == nil, let path else { return }
    if var deadline = openedAt {
      deadline.tv_sec += Self.openerGrace
      while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nil) == EINTR {}
      self.openedAt = nil
    }
    unlink(path)
    self.path = nil
  }
}
