@preconcurrency import CEditLine
@preconcurrency import Glibc

/// The persistent REPL history: libedit's in-memory list plus a file of mode 0600.
///
/// One entry per statement as typed (lines joined by `\n`), consecutive duplicates collapsed,
/// at most ``limit`` entries in memory and on disk. Only what is typed at the prompt is added:
/// never piped input, never the lines of `.read`.
///
/// The file is never lost or left half-written: each save takes an exclusive lock on it, reads
/// what is there now (another session may have added entries), appends this session's entries
/// not yet saved, writes the result to a temporary file of mode 0600 in the same directory,
/// syncs it and renames it over the old one. An entry is saved as soon as it is typed, so
/// closing the terminal (SIGHUP) or a crash loses nothing already run.
///
/// Without libedit (``LineEditor/library`` is `nil`) there is no history: nothing is read or
/// written, and the file is left as it is.
final class HistoryFile {
  /// The most entries kept.
  static let limit: Int32 = 2000

  /// The file, or `nil` when history is not kept on disk.
  let path: String?
  /// Entries added since the last save.
  private var unsaved: [String] = []
  /// Whether a failed save was reported: once a session, not at every statement.
  private var reportedFailure = false

  init(path: String?) { self.path = path }

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
    guard let path, let library = LineEditor.library else { return }
    _ = library.readHistory(path)
  }

  /// Adds one statement (unless blank or equal to the newest entry) and saves it.
  func add(_ entry: String) {
    guard !entry.allSatisfy(\.isWhitespace), let library = LineEditor.library else { return }
    let length = library.historyLength.pointee
    if length > 0, let newest = library.historyGet(library.historyBase.pointee + length - 1),
      let line = newest.pointee.line, String(cString: line) == entry
    {
      return
    }
    _ = library.addHistory(entry)
    unsaved.append(entry)
    save()
  }

  /// Merges the entries not yet saved into the file (see the type's summary).
  func save() {
    guard let library = LineEditor.library else { return }
    guard let path = path.map(Self.resolvingLink), !unsaved.isEmpty else { return }
    guard let lock = Self.lock(path) else { return reportFailure(path, errno) }
    defer { close(lock) }
    let inMemory = Self.entries(library)
    library.clearHistory()
    _ = library.readHistory(path)
    for entry in unsaved { _ = library.addHistory(entry) }
    if Self.writeAtomically(path, library) {
      unsaved = []
    } else {
      reportFailure(path, errno)
    }
    library.clearHistory()
    for entry in inMemory { _ = library.addHistory(entry) }
  }

  /// Says once that history cannot be saved (a `LITESH_HISTORY` in a missing directory, a
  /// full disk): it was lost without a word.
  private func reportFailure(_ path: String, _ code: Int32) {
    guard !reportedFailure else { return }
    reportedFailure = true
    let reason = code == 0 ? "" : ": " + String(cString: strerror(code))
    var text = "litesh: warning: cannot save history to \(path)\(reason)\n"
    text.withUTF8 { buffer in _ = write(STDERR_FILENO, buffer.baseAddress, buffer.count) }
  }

  /// libedit's list, oldest first.
  private static func entries(_ library: EditLineLibrary) -> [String] {
    let base = library.historyBase.pointee
    return (0..<library.historyLength.pointee).compactMap { offset in
      library.historyGet(base + offset)?.pointee.line.map { String(cString: $0) }
    }
  }

  /// Writes libedit's list to a temporary file beside `path`, syncs it and renames it over
  /// `path`; `false` (the old file untouched) when any step fails.
  private static func writeAtomically(_ path: String, _ library: EditLineLibrary) -> Bool {
    var template = Array((path + ".XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return -1 }
      return mkstemp(base)  // mode 0600
    }
    guard descriptor >= 0 else { return false }
    close(descriptor)
    let temporary = template.dropLast().withUnsafeBufferPointer {
      $0.withMemoryRebound(to: UInt8.self) { String(decoding: $0, as: UTF8.self) }
    }
    guard library.writeHistory(temporary) == 0,
      library.truncateHistoryFile(temporary, limit) == 0
    else {
      unlink(temporary)
      return false
    }
    _ = chmod(temporary, 0o600)
    let file = open(temporary, O_RDONLY | O_CLOEXEC)
    let synced = file >= 0 && fsync(file) == 0
    if file >= 0 { close(file) }
    guard synced, rename(temporary, path) == 0 else {
      unlink(temporary)
      return false
    }
    return true
  }

  /// An exclusive `flock` on the file at `path` (created with mode 0600 if missing), taken on
  /// the inode that is at `path` once locked (another session may rename a new one in place).
  private static func lock(_ path: String) -> Int32? {
    for _ in 0..<100 {
      let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else { return nil }
      while flock(descriptor, LOCK_EX) != 0 {
        if errno != EINTR {
          close(descriptor)
          return nil
        }
      }
      var locked = stat()
      var current = stat()
      if fstat(descriptor, &locked) == 0, stat(path, &current) == 0,
        locked.st_ino == current.st_ino, locked.st_dev == current.st_dev
      {
        return descriptor
      }
      close(descriptor)
    }
    return nil
  }

  /// The file a symbolic link at `path` points to, so a linked history file stays linked.
  private static func resolvingLink(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
