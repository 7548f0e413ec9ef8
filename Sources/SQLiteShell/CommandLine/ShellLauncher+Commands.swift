import Glibc
import SQLiteCore

/// What the launcher runs besides options: `-A`'s archive command, the init file, and `-cmd`.
extension ShellLauncher {
  /// `-A ARGS...` (or `-AARGS...`): `.archive ARGS` on the database, then the end (status 0, as
  /// sqlite3's, whatever the archive command said); SQL arguments before it are an error.
  func runArchiveOption(from index: Int, commands: [SQLText], shell: Shell) -> Int32 {
    guard commands.isEmpty else {
      errors.write("Error: cannot mix regular SQL or dot-commands with \"-A\"\n")
      return 1
    }
    guard let database = shell.openDatabase() else { return shell.exitCode ?? 1 }
    // `-Acvf` (or `--Acvf`) is `-A cvf`: what follows the A is the archive's first word.
    var option = Array(argumentBytes[index - 1].bytes)
    option.removeFirst(option.starts(with: Array("--".utf8)) ? 3 : 2)
    let words = (option.isEmpty ? [] : [option]) + argumentBytes[index...].map { Array($0.bytes) }
    _ = ArchiveCommand.run(words, fromCommandLine: true, shell: shell, database: database)
    return 0
  }

  /// `~/.sqliterc` or `-init FILE`; errors in it do not change the exit status unless `-bail`.
  func runInitFile(_ settings: LaunchSettings, path file: SQLText?, shell: Shell) -> Int32? {
    let path: SQLText
    if settings.initFile != nil, let file {
      path = file
    } else if let home = homeDirectory {
      path = SQLText(home + "/.sqliterc")
    } else {
      errors.write("-- warning: cannot find home directory; cannot read ~/.sqliterc\n")
      return nil
    }
    guard let reader = LineReader.open(path: path) else {
      if settings.initFile != nil {
        errors.write("cannot open: \"")
        errors.write(path)
        errors.write("\"\n")
        if settings.state.bail { return 1 }
      }
      return nil
    }
    defer { reader.close() }
    if shell.state.isInteractive {
      errors.write("-- Loading resources from ")
      errors.write(path)
      errors.write("\n")
    }
    let failed = shell.processNestedInput(reader)
    if let code = shell.exitCode { return code }
    if failed && settings.state.bail { return 1 }
    return nil
  }

  /// `-cmd COMMAND`: a failure is reported but only ends the program under `-bail`.
  func runCommandOption(_ command: SQLText, shell: Shell) -> Int32? {
    if command.bytes.first == UInt8(ascii: ".") {
      let outcome = shell.runDotCommand(command)
      shell.readHexDatabaseFromCommandLine(standardInput)
      if let code = shell.exitCode { return code }
      if outcome == .failure && shell.state.bail { return 1 }
      if outcome == .quit && shell.state.bail { return 0 }
      return nil
    }
    let code = shell.runArgumentSQL(command)
    if let code, shell.state.bail { return code }
    return shell.exitCode
  }
}
