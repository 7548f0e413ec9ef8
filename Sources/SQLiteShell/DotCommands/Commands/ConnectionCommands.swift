import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let dbconfig = DotCommand(
    "dbconfig", minimumPrefix: 3, handler: ConnectionCommands.dbConfig,
    help: """
      .dbconfig ?op? ?val?     List or change sqlite3_db_config() options
      """)
  static let nonce = DotCommand(
    "nonce", minimumPrefix: 5, handler: ConnectionCommands.nonce,
    help: """
      .nonce STRING            Suspend safe mode for one command if nonce matches
      """)
  static let vfsinfo = DotCommand(
    "vfsinfo", minimumPrefix: 2, handler: ConnectionCommands.vfsInfo,
    help: """
      .vfsinfo ?AUX?           Information about the top-level VFS
      """)
  static let vfslist = DotCommand(
    "vfslist", minimumPrefix: 4, handler: ConnectionCommands.vfsList,
    help: """
      .vfslist                 List all available VFSes
      """)
}

/// The dot-commands about the connection itself: `.dbconfig`, `.vfslist`, `.vfsinfo`, `.nonce`,
/// and the message for sqlite3 commands litesh does not have.
enum ConnectionCommands {
  /// `.dbconfig ?OP? ?VAL?`: lists or changes the boolean `sqlite3_db_config` options.
  static let dbConfig: DotCommand.Handler = { shell, arguments in
    guard let connection = shell.openDatabase() else { return .failure }
    let wanted = arguments.first
    var found = false
    for (name, option) in DatabaseOption.shellNames where wanted == nil || wanted == name {
      found = true
      if arguments.count >= 2 {
        connection.setEnabled(
          option, DotCommandArguments.boolean(arguments[1], errors: shell.errors))
      }
      let padding = String(repeating: " ", count: max(0, 19 - name.utf8.count))
      shell.output.write(padding + name + (connection.isEnabled(option) ? " on\n" : " off\n"))
    }
    if let wanted, !found {
      shell.errors.write("Error: unknown dbconfig \"\(wanted)\"\n")
      shell.errors.write("Enter \".dbconfig\" with no arguments for a list\n")
    }
    return .success
  }

  /// `.vfslist`: every registered VFS, the one under the main database marked.
  static let vfsList: DotCommand.Handler = { shell, _ in
    let current = shell.connection?.vfs()
    let list = Connection.registeredVFS
    for (index, vfs) in list.enumerated() {
      let mark = vfs == current ? "  <--- CURRENT" : ""
      shell.output.write("vfs.zName      = \"\(vfs.name)\"\(mark)\n")
      writeDetails(of: vfs, to: shell.output)
      if index < list.count - 1 { shell.output.write(String(repeating: "-", count: 35) + "\n") }
    }
    return .success
  }

  /// `.vfsinfo ?AUX?`: the VFS under a database; nothing before the database is opened.
  static let vfsInfo: DotCommand.Handler = { shell, arguments in
    guard let connection = shell.connection,
      let vfs = connection.vfs(database: arguments.count == 1 ? arguments[0] : "main")
    else { return .success }
    shell.output.write("vfs.zName      = \"\(vfs.name)\"\n")
    writeDetails(of: vfs, to: shell.output)
    return .success
  }

  private static func writeDetails(of vfs: VFSInfo, to sink: OutputSink) {
    sink.write("vfs.iVersion   = \(vfs.version)\n")
    sink.write("vfs.szOsFile   = \(vfs.fileObjectSize)\n")
    sink.write("vfs.mxPathname = \(vfs.maximumPathLength)\n")
  }

  /// `.nonce STRING`: with the `-nonce` given at start, lifts `-safe` until the next
  /// dot-command ends; a wrong nonce ends the shell, as in sqlite3.
  static let nonce: DotCommand.Handler = { shell, arguments in
    guard arguments.count == 1 else {
      // sqlite3's own usage text, not its help line (`.nonce STRING`).
      shell.errors.write("Usage: .nonce NONCE\n")
      return .failure
    }
    guard let expected = shell.state.safeModeNonce, expected == arguments[0] else {
      shell.output.flush()
      shell.errors.write(
        "line \(shell.input.lineNumber): incorrect nonce: \"\(arguments[0])\"\n")
      shell.exitCode = 1
      return .failure
    }
    if shell.state.isSafe {
      shell.state.isSafe = false
      shell.diagnostics.isSafeModeSuspended = true
    }
    return .success
  }

  /// The message for a command sqlite3 has and litesh does not run.
  static func unsupported(_ name: String, shell: Shell) -> DotCommand.Outcome {
    shell.errors.write("Error: .\(name) is not supported by litesh\n")
    return .failure
  }
}
