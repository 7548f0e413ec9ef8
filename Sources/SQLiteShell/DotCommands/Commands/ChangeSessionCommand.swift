import Glibc
import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let session = DotCommand(
    "session", minimumPrefix: 3, handler: ChangeSessionCommand.run,
    help: """
      .session ?NAME? CMD ...  Create or control sessions
         Subcommands:
           attach TABLE             Attach TABLE
           changeset FILE           Write a changeset into FILE
           close                    Close one session
           enable ?BOOLEAN?         Set or query the enable bit
           filter GLOB...           Reject tables matching GLOBs
           indirect ?BOOLEAN?       Mark or query the indirect status
           isempty                  Query whether the session is empty
           list                     List currently open session names
           open DB NAME             Open a new session on DB
           patchset FILE            Write a patchset into FILE
         If ?NAME? is omitted, the first defined session is used.
      """)
}

/// `.session ?NAME? CMD ...`: change-recording sessions (the SQLite session extension) on the
/// shell's connection, with sqlite3's subcommands, messages and exit status.
///
/// As in sqlite3 a session records every table its filter accepts from the first change on
/// (`attach` only puts a table first in the changeset), and mistakes print a message or the
/// command's help without counting as errors. With readers on, sessions record the writer's
/// connection, where every statement that writes runs.
enum ChangeSessionCommand {
  static let run: DotCommand.Handler = { shell, arguments in
    guard !arguments.isEmpty else { return showHelp(shell) }
    if shell.isDqlite {
      shell.refuseOnDqlite(".session")
      return .failure
    }
    guard shell.openDatabase() != nil else { return .failure }
    // A first word that names a session selects it; otherwise the first session is used.
    var index = 0
    var command = arguments[...]
    if arguments.count >= 2, let named = shell.connections.changeSessions.index(of: arguments[0]) {
      index = named
      command = command.dropFirst()
    }
    return perform(Array(command), on: index, shell)
  }

  private static func perform(_ command: [String], on index: Int, _ shell: Shell)
    -> DotCommand.Outcome
  {
    let entries = shell.connections.changeSessions.entries
    let entry = entries.indices.contains(index) ? entries[index] : nil
    switch command[0] {
    case "attach":
      guard command.count == 2 else { return showHelp(shell) }
      guard let entry else { return reportNoSession(shell) }
      do {
        try entry.session.attach(command[1])
      } catch {
        shell.errors.write("ERROR: sqlite3session_attach() returns \(error.code.rawValue)\n")
      }
    case "changeset", "patchset":
      guard shell.allowedInSafeMode("cannot run \".session \(command[0])\" in safe mode")
      else { return .failure }
      guard command.count == 2 else { return showHelp(shell) }
      guard let entry else { return reportNoSession(shell) }
      write(entry.session, asPatchset: command[0] == "patchset", to: command[1], shell)
    case "close":
      guard command.count == 1 else { return showHelp(shell) }
      if entry != nil { shell.connections.changeSessions.close(at: index) }
    case "enable", "indirect":
      guard command.count <= 2 else { return showHelp(shell) }
      let value =
        command.count == 2 ? DotCommandArguments.boolean(command[1], errors: shell.errors) : nil
      guard let entry else { break }
      let flag =
        command[0] == "enable"
        ? setEnabled(entry.session, value) : setIndirect(entry.session, value)
      shell.output.write("session \(entry.name) \(command[0]) flag = \(flag ? 1 : 0)\n")
    case "filter":
      guard command.count >= 2 else { return showHelp(shell) }
      entry?.filter.patterns = Array(command.dropFirst())
    case "isempty":
      guard command.count == 1 else { return showHelp(shell) }
      guard let entry else { break }
      shell.output.write("session \(entry.name) isempty flag = \(entry.session.isEmpty ? 1 : 0)\n")
    case "list":
      for (number, listed) in entries.enumerated() {
        shell.output.write("\(number) \(listed.name)\n")
      }
    case "open":
      guard command.count == 3, !command[2].isEmpty else { return showHelp(shell) }
      open(name: command[2], database: command[1], shell)
    default:
      return showHelp(shell)
    }
    return .success
  }

  private static func setEnabled(_ session: Session, _ value: Bool?) -> Bool {
    if let value { session.isEnabled = value }
    return session.isEnabled
  }

  private static func setIndirect(_ session: Session, _ value: Bool?) -> Bool {
    if let value { session.isIndirect = value }
    return session.isIndirect
  }

  private static func open(name: String, database: String, _ shell: Shell) {
    guard let connection = shell.connection else { return }
    if shell.connections.changeSessions.index(of: name) != nil {
      shell.errors.write("Session \"\(name)\" already exists\n")
    } else if shell.connections.changeSessions.entries.count >= ChangeSessions.maximum {
      shell.errors.write("Maximum of \(ChangeSessions.maximum) sessions\n")
    } else {
      do {
        try shell.connections.changeSessions.open(name: name, database: database, on: connection)
      } catch {
        shell.errors.write("Cannot open session: error code=\(error.code.rawValue)\n")
      }
    }
  }

  /// `.session changeset FILE`, `.session patchset FILE`: the file is replaced by the bytes.
  private static func write(_ session: Session, asPatchset: Bool, to path: String, _ shell: Shell) {
    guard let file = fopen(path, "wb") else {
      shell.errors.write("ERROR: cannot open \"\(path)\" for writing\n")
      return
    }
    var bytes: [UInt8] = []
    do {
      bytes = try asPatchset ? session.patchset() : session.changeset()
    } catch {
      shell.standardOutput.write("Error: error code \(error.code.rawValue)\n")
    }
    // sqlite3 reports only a failed fwrite; a failed flush at fclose (a full disk) too here.
    let written = bytes.isEmpty || fwrite(bytes, bytes.count, 1, file) == 1
    if fclose(file) != 0 || !written {
      shell.errors.write("ERROR: Failed to write entire \(bytes.count)-byte output\n")
    }
  }

  private static func reportNoSession(_ shell: Shell) -> DotCommand.Outcome {
    shell.errors.write("ERROR: No sessions are open\n")
    return .success
  }

  private static func showHelp(_ shell: Shell) -> DotCommand.Outcome {
    for line in DotCommand.session.help { shell.output.write(line + "\n") }
    return .success
  }
}
