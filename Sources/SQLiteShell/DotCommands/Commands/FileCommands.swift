import Glibc
import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let backup = DotCommand(
    "backup", minimumPrefix: 3, handler: { FileCommands.copyOut($0, $1, command: "backup") },
    help: """
      .backup ?DB? FILE        Backup DB (default "main") to FILE
         Options:
             --append            Use the appendvfs
             --async             Write to FILE without journal and fsync()
      """)
  static let cd = DotCommand(
    "cd", minimumPrefix: 2, handler: FileCommands.changeDirectory,
    help: """
      .cd DIRECTORY            Change the working directory to DIRECTORY
      """)
  static let load = DotCommand(
    "load", handler: FileCommands.load,
    help: """
      .load FILE ?ENTRY?       Load an extension library
      """)
  static let restore = DotCommand(
    "restore", minimumPrefix: 3, handler: FileCommands.restore,
    help: """
      .restore ?DB? FILE       Restore content of DB (default "main") from FILE
      """)
  static let save = DotCommand(
    "save", minimumPrefix: 3, handler: { FileCommands.copyOut($0, $1, command: "save") },
    help: """
      .save ?OPTIONS? FILE     Write database to FILE (an alias for .backup ...)
      """)
  static let shell = DotCommand(
    "shell", minimumPrefix: 2, handler: { FileCommands.runSystem($0, $1, command: "shell") },
    help: """
      .shell CMD ARGS...       Run CMD ARGS... in a system shell
      """)
  static let system = DotCommand(
    "system", minimumPrefix: 2, handler: { FileCommands.runSystem($0, $1, command: "system") },
    help: """
      .system CMD ARGS...      Run CMD ARGS... in a system shell
      """)
}

/// `.backup`/`.save`, `.restore`, `.cd`, `.shell`/`.system` and `.load`: the commands that
/// touch files or run programs, all refused under `-safe`.
enum FileCommands {
  /// `.backup ?DB? ?--append? ?--async? FILE`: the SQLite backup API, 100 pages a step.
  fileprivate static func copyOut(_ shell: Shell, _ arguments: [String], command: String)
    -> DotCommand.Outcome
  {
    guard shell.allowedInSafeMode("cannot run .\(command) in safe mode") else { return .failure }
    var destinationFile: String?
    var destinationName = SQLText()
    var database: String?
    var asynchronous = false
    var appendVFS = false
    for (index, word) in arguments.enumerated() {
      if word.hasPrefix("-") {
        if ModeCommand.isOption(word, "append") {
          appendVFS = true
        } else if ModeCommand.isOption(word, "async") {
          asynchronous = true
        } else {
          shell.errors.write("unknown option: \(word)\n")
          return .failure
        }
      } else if destinationFile == nil {
        destinationFile = word
        destinationName = shell.argumentText(index, of: arguments)
      } else if database == nil {
        database = destinationFile
        destinationFile = word
        destinationName = shell.argumentText(index, of: arguments)
      } else {
        // sqlite3's own usage text, not its help line (`.backup ?DB? FILE`).
        shell.errors.write("Usage: .backup ?DB? ?OPTIONS? FILENAME\n")
        return .failure
      }
    }
    guard destinationFile != nil else {
      shell.errors.write("missing FILENAME argument on .backup\n")
      return .failure
    }
    var destinationOptions = OpenOptions.default
    if appendVFS {
      destinationOptions.vfs = AppendedDatabase.vfsName
      _ = AppendedDatabase.isRegistered
    }
    guard
      let destination = try? Connection(
        path: DatabaseFileName.openable(destinationName), options: destinationOptions)
    else {
      shell.errors.write("Error: cannot open \"")
      shell.errors.write(destinationName)
      shell.errors.write("\"\n")
      return .failure
    }
    defer { try? destination.close() }
    if asynchronous {
      try? destination.execute("PRAGMA synchronous=OFF; PRAGMA journal_mode=OFF;")
    }
    guard let source = shell.openDatabase() else { return .failure }
    return copy(shell, from: source, database ?? "main", to: destination, "main")
  }

  /// Runs a backup in steps of 100 pages, with a progress line on a terminal for large
  /// databases; prints sqlite3's `Error: …` on failure.
  private static func copy(
    _ shell: Shell, from source: Connection, _ sourceDatabase: String,
    to destination: Connection, _ destinationDatabase: String,
    retriesWhenBusy: Int = 0
  ) -> DotCommand.Outcome {
    let progress = BackupProgress(
      errors: shell.errors, enabled: shell.state.isInteractive && shell.state.audience.isPerson)
    do throws(SQLiteError) {
      let backup = try Backup(
        from: source, database: sourceDatabase, to: destination, database: destinationDatabase)
      var busy = 0
      while true {
        do throws(SQLiteError) {
          if try backup.step(pages: 100) { break }
          progress.update(remaining: backup.remainingPages, total: backup.pageCount)
        } catch
          where (error.primaryCode == .busy || error.primaryCode == .locked)
          && busy < retriesWhenBusy
        {
          busy += 1
          usleep(100_000)
        }
      }
      progress.finish()
      try backup.finish()
      return .success
    } catch {
      progress.finish()
      if retriesWhenBusy > 0 && (error.primaryCode == .busy || error.primaryCode == .locked) {
        shell.errors.write("Error: source database is busy\n")
      } else {
        shell.errors.write("Error: \(error.message)\n")
      }
      return .failure
    }
  }

  /// `.restore ?DB? FILE`: the backup API the other way, retrying a busy source 3 times.
  static let restore: DotCommand.Handler = { shell, arguments in
    guard shell.allowedInSafeMode("cannot run .restore in safe mode") else { return .failure }
    let sourceFile: SQLText
    let database: String
    switch arguments.count {
    case 1: (sourceFile, database) = (shell.argumentText(0, of: arguments), "main")
    case 2: (sourceFile, database) = (shell.argumentText(1, of: arguments), arguments[0])
    default: return shell.usageFailure(.restore)
    }
    guard let source = try? Connection(path: DatabaseFileName.openable(sourceFile)) else {
      shell.errors.write("Error: cannot open \"")
      shell.errors.write(sourceFile)
      shell.errors.write("\"\n")
      return .failure
    }
    defer { try? source.close() }
    guard let connection = shell.openDatabase() else { return .failure }
    return copy(
      shell, from: source, "main", to: connection, database, retriesWhenBusy: 3)
  }

  static let changeDirectory: DotCommand.Handler = { shell, arguments in
    guard shell.allowedInSafeMode("cannot run .cd in safe mode") else { return .failure }
    guard arguments.count == 1 else { return shell.usageFailure(.cd) }
    guard chdir(arguments[0]) == 0 else {
      shell.errors.write("Cannot change to directory \"\(arguments[0])\"\n")
      return .failure
    }
    return .success
  }

  /// `.shell CMD ARGS...`: the words joined with spaces (those with a space in double
  /// quotes) and run by `system(3)`; a nonzero wait status is reported, not counted an error.
  fileprivate static func runSystem(_ shell: Shell, _ arguments: [String], command: String)
    -> DotCommand.Outcome
  {
    guard shell.allowedInSafeMode("cannot run .\(command) in safe mode") else { return .failure }
    guard !arguments.isEmpty else {
      // sqlite3's own usage text, not its help line (`.system CMD ARGS...`).
      shell.errors.write("Usage: .system COMMAND\n")
      return .failure
    }
    let line = arguments.map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: " ")
    shell.flush()
    let status = system(line)
    if status != 0 { shell.errors.write("System command returns \(status)\n") }
    return .success
  }

  /// `.load FILE ?ENTRY?`: `sqlite3_load_extension`.
  static let load: DotCommand.Handler = { shell, arguments in
    guard shell.allowedInSafeMode("cannot run .load in safe mode") else { return .failure }
    guard let file = arguments.first else {
      // sqlite3's own usage text, not its help line (`.load FILE ?ENTRY?`).
      shell.errors.write("Usage: .load FILE ?ENTRYPOINT?\n")
      return .failure
    }
    guard let connection = shell.openDatabase() else { return .failure }
    do throws(SQLiteError) {
      try connection.loadExtension(file, entryPoint: arguments.count >= 2 ? arguments[1] : nil)
      return .success
    } catch {
      shell.errors.write("Error: \(error.message)\n")
      return .failure
    }
  }
}

/// The progress line a long `.backup`, `.save` or `.restore` shows on a terminal.
private final class BackupProgress {
  /// Databases smaller than this many pages copy without a progress line.
  static let minimumPages = 10_000
  private let errors: OutputSink
  private let enabled: Bool
  private var shown = false
  private var lastPercent = -1

  init(errors: OutputSink, enabled: Bool) {
    self.errors = errors
    self.enabled = enabled && isatty(STDERR_FILENO) != 0
  }

  func update(remaining: Int, total: Int) {
    guard enabled, total >= BackupProgress.minimumPages else { return }
    let percent = (total - remaining) * 100 / total
    guard percent != lastPercent else { return }
    lastPercent = percent
    shown = true
    errors.write("\r\(percent)% (\(total - remaining)/\(total) pages)")
    errors.flush()
  }

  func finish() {
    guard shown else { return }
    shown = false
    errors.write("\r\u{1B}[K")
    errors.flush()
  }
}
