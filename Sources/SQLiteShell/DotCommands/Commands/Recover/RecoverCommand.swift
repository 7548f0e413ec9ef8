import SQLiteCore
import ShellFunctions

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let recover = DotCommand(
    "recover", handler: RecoverCommand.run,
    help: """
      .recover                 Recover as much data as possible from corrupt db.
         --ignore-freelist        Ignore pages that appear to be on db freelist
         --lost-and-found TABLE   Alternative name for the lost-and-found table
         --no-rowids              Do not attempt to recover rowid values
                                  that are not also INTEGER PRIMARY KEYs
      """)
}

/// `.recover ?OPTIONS?`: an SQL script that rebuilds as much of the main database as its pages
/// still hold, in the format of sqlite3 3.40.1's `.recover`.
///
/// sqlite3's own `.recover` needs the `sqlite_dbpage` table, which the system library here
/// lacks, and stops after the first PRAGMAs; litesh parses the pages itself (``DatabaseImage``:
/// the file through SQLite's open handle, then the committed frames of the `-wal` file). The
/// read happens inside a read transaction when the database still allows one, so no writer
/// changes the file meanwhile; a database locked by a writer is refused.
enum RecoverCommand {
  static let run: DotCommand.Handler = { shell, arguments in
    guard let options = parseOptions(arguments, shell) else { return .failure }
    if shell.isDqlite {
      shell.refuseOnDqlite(".recover")
      return .failure
    }
    guard let connection = shell.openDatabase() else { return .failure }
    // The input stays as it is: closing this connection later must not checkpoint the `-wal`
    // file into a database that may be corrupt (the log is kept, as after a crash).
    connection.setEnabled(.noCheckpointOnClose, true)
    var began = false
    if !connection.isInsideTransaction {
      do throws(SQLiteError) {
        try connection.execute("BEGIN")
        began = true
        try connection.execute("PRAGMA schema_version")
      } catch let error where ResultCode.busy ~= error.code || ResultCode.locked ~= error.code {
        if began { try? connection.execute("ROLLBACK") }
        shell.output.flush()
        shell.errors.write(
          "Error: cannot recover \"\(shell.state.databasePath)\": \(error.message)"
            + " (another connection is writing it)\n")
        return .failure
      } catch {
        // A header SQLite rejects is what .recover is for: read the pages regardless.
      }
    }
    defer { if began { try? connection.execute("ROLLBACK") } }
    let file =
      connection.withUnsafeHandle { ByteSource(database: "main", of: $0) }
      ?? ByteSource(bytes: connection.serialize() ?? [])
    let path = connection.fileName() ?? ""
    let log = path.isEmpty ? nil : ByteSource(readingFile: path + "-wal")
    defer { log?.close() }
    let image = DatabaseImage(file: file, log: log)
    if image.isUnrecognizable {
      // sqlite3's output for a file that is not a database.
      shell.output.write("BEGIN;\nPRAGMA writable_schema = on;\n")
      shell.output.flush()
      shell.errors.write("sql error: file is not a database (26)\n")
      return .failure
    }
    let output = shell.output
    let recovery = DatabaseRecovery(image: image, options: options) { statement in
      (statement + ";\n".utf8).withUnsafeBufferPointer { output.write(bytes: $0) }
    }
    do throws(SQLiteError) {
      try recovery.run()
    } catch {
      shell.output.flush()
      shell.errors.write("Error: .recover: \(error.message)\n")
      return .failure
    }
    return .success
  }

  /// sqlite3's parsing: `-` or `--` then any prefix of an option's name; an unknown one is
  /// reported on standard error, followed by the help on standard output.
  private static func parseOptions(_ arguments: [String], _ shell: Shell) -> RecoverOptions? {
    var options = RecoverOptions()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      var word = Substring(argument)
      if word.hasPrefix("--") { word = word.dropFirst() }
      func matches(_ name: String) -> Bool { name.hasPrefix(word) }
      let hasValue = index + 1 < arguments.count
      if matches("-ignore-freelist") {
        options.ignoresFreelist = true
      } else if matches("-recovery-db") && hasValue {
        index += 1
      } else if matches("-lost-and-found") && hasValue {
        index += 1
        options.lostAndFound = arguments[index]
      } else if matches("-no-rowids") {
        options.keepsRowids = false
      } else {
        shell.output.flush()
        shell.errors.write("unexpected option: \(argument)\n")
        shell.errors.flush()
        shell.writeUsageHelp(shell.typedCommandName(or: "recover"))
        return nil
      }
      index += 1
    }
    return options
  }
}
