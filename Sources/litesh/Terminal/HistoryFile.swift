@preconcurrency import CEditLine
@preconcurrency import Glibc

/// The persistent REPL history: libedit's in-memory list plus a file of mode 0600.
///
/// One entry per statement as typed (lines joined by `\n`), consecutive duplicates collapsed,
/// at most ``limit`` entries in memory and on disk. Only what is typed at the prompt is added:
/// never piped input, never the lines of `.read`.
struct HistoryFile {
  /// The most entries kept.
  static let limit: Int32 = 2000

  /// The file, or `nil` when history is not kept on disk.
  let path: String?

  /// The path from the environment: `LITESH_HISTORY` if set (empty disables the file),
  /// otherwise `~/.litesh_history`.
  static func pathFromEnvironment() -> String? {
    if let override = getenv("LITESH_HISTORY") {
      let path = String(cString: override)
      return path.isEmpty ? nil : path
    }
    if let home = getenv("HOME"), home.pointee != 0 {
      return String(cString: home) + "/.litesh_history"
    }
    if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir {
      return String(cString: directory) + "/.litesh_history"
    }
    return nil
  }

  /// Loads the file into libedit's list; a missing file is not an error.
  func load() {
    guard let path else { return }
    _ = read_history(path)
  }

  /// Adds one statement (unless blank or equal to the newest entry) and saves the file.
  func add(_ entry: String) {
    guard !entry.allSatisfy(\.isWhitespace) else { return }
    if history_length > 0, let newest = history_get(history_base + history_length - 1),
      let line = newest.pointee.line, String(cString: line) == entry
    {
      return
    }
    _ = add_history(entry)
    save()
  }

  /// Writes the list to the file with mode 0600, created that way so it is never readable by
  /// others even for a moment.
  func save() {
    guard let path else { return }
    let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
    if descriptor >= 0 { close(descriptor) }
    _ = write_history(path)
    _ = history_truncate_file(path, Self.limit)
    _ = chmod(path, 0o600)
  }
}
