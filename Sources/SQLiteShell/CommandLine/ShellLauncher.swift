import Glibc
package import SQLiteCore

/// Starts a shell from command-line arguments exactly as sqlite3's `main` does.
///
/// Order: options that matter before opening (first pass, where a missing argument is fatal),
/// the init file (`~/.sqliterc` or `-init FILE`), then the other options in order with each
/// `-cmd` run where it stands, then the SQL arguments (stdin is then not read) or stdin.
package struct ShellLauncher {
  /// How the launch ended or what is left to do.
  package enum Start {
    /// Everything ran (or an option ended the program): exit with this status.
    case finished(Int32)
    /// The shell is ready for its main input (stdin or the REPL).
    case readInput(Shell)
  }

  /// The arguments, `argv[0]` first.
  package let arguments: [String]
  /// The same arguments as the exact bytes of `argv`: SQL, `-cmd` and `-init` take these.
  package let argumentBytes: [SQLText]
  /// Standard output.
  package let output: OutputSink
  /// Standard error.
  package let errors: OutputSink
  /// Whether stdin is a terminal (the default for interactive mode).
  package let isTerminal: Bool
  /// Who is at the other end (``SessionAudience``): the program decides it once and passes it
  /// in; the default, a program, keeps sqlite3's bytes.
  package var audience = SessionAudience(kind: .program, readsResultsOnScreen: false)
  /// Where `~/.sqliterc` is looked for; `nil` when there is no home directory.
  package let homeDirectory: String?
  /// litesh's config file (``ConfigFile``), read after `~/.sqliterc`; `nil` (the default, and
  /// every in-process test's) reads none.
  package var configFilePath: String?

  /// Runs once the shell exists, before `-init`, `-cmd` and SQL arguments run: where the
  /// program installs its signal handling, so Ctrl-C and SIGTERM reach those statements too.
  package var onShellCreated: ((Shell) -> Void)?
  /// Standard input, for `.open --hexdb` run by `-cmd` or an argument: sqlite3 reads the hexdb
  /// text from stdin there.
  package var standardInput: () -> LineReader = { LineReader(fileDescriptor: 0) }

  /// A launcher for `arguments` (with `argv[0]`), writing to the given sinks.
  ///
  /// `argumentBytes`, when given, are the same arguments as raw bytes (`argv` before Swift
  /// replaced what is not UTF-8); it must have as many elements as `arguments`.
  package init(
    arguments: [String], argumentBytes: [SQLText]? = nil, output: OutputSink,
    errors: OutputSink, isTerminal: Bool, homeDirectory: String?
  ) {
    self.arguments = arguments
    if let argumentBytes, argumentBytes.count == arguments.count {
      self.argumentBytes = argumentBytes
    } else {
      self.argumentBytes = arguments.map { SQLText($0) }
    }
    self.output = output
    self.errors = errors
    self.isTerminal = isTerminal
    self.homeDirectory = homeDirectory
  }

  /// The home directory sqlite3 uses: the password database first, then `$HOME`.
  package static func defaultHomeDirectory() -> String? {
    if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir {
      return String(cString: directory)
    }
    return getenv("HOME").map { String(cString: $0) }
  }

  private var program: String { arguments.first ?? "litesh" }

  /// Runs options, the init file, `-cmd` and SQL arguments.
  package func start() -> Start {
    var settings = LaunchSettings()
    // A person reading results on a terminal starts in the display mode; `.mode` or a mode
    // option in ~/.sqliterc, the config file, `-cmd` or the arguments replaces it as usual.
    if audience.readsResultsOnScreen { settings.state.style.mode = .display }
    var databasePath: String?
    var databaseName: SQLText?
    var commands: [SQLText] = []
    var initFile: SQLText?
    var index = 1
    // First pass: the file name, SQL arguments, early options, missing arguments.
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      guard word.hasPrefix("-") else {
        if databasePath == nil {
          databaseName = argumentBytes[index - 1]
          databasePath = DatabaseFileName.openable(argumentBytes[index - 1])
        } else {
          commands.append(argumentBytes[index - 1])
        }
        continue
      }
      let name = optionName(word)
      // Every word after -A is the archive command's.
      if name.hasPrefix("A") { break }
      guard let option = option(named: name, argumentsLeft: arguments.count - index) else {
        continue
      }
      var values: [String] = []
      for _ in 0..<option.argumentCount {
        guard index < arguments.count else {
          errors.write("\(program): Error: missing argument to \(arguments[arguments.count - 1])\n")
          errors.flush()
          return .finished(1)
        }
        values.append(arguments[index])
        if name == "init" { initFile = argumentBytes[index] }
        index += 1
      }
      if option.phase == .early { option.apply(to: &settings, values: values) }
    }
    if let name = settings.completionShell { return printCompletionScript(name) }
    if let text = settings.invalidReaders {
      errors.write("\(program): Error: \(ReadersCommand.notACount(text, for: "--readers"))\n")
      errors.flush()
      return .finished(1)
    }
    if settings.readersAreCapped { errors.write("\(ReadersCommand.cappedNote)\n") }
    // Before anything opens: sqlite3 sets both up after its first pass, mmap first.
    if let size = settings.memoryMapSize { _ = Connection.setDefaultMemoryMapSize(size) }
    configureMemory(settings)
    if let name = settings.vfsName, !Connection.makeDefaultVFS(named: name) {
      errors.write("no such VFS: \"\(name)\"\n")
      errors.flush()
      return .finished(1)
    }
    // sqlite3's shell registers its append VFS after `-vfs` (so `-vfs apndvfs` fails there),
    // second in `.vfslist`.
    _ = AppendedDatabase.isRegistered
    settings.state.databasePath = databasePath ?? ":memory:"
    settings.state.isInteractive = settings.forcedInteractive ?? isTerminal
    settings.state.audience = audience
    settings.state.mainPrompt = audience.mainPrompt
    let shell = Shell(state: settings.state, output: output, errors: errors)
    onShellCreated?(shell)
    // The config file's `.readers N` is `--readers N`'s preference: the database opens on the
    // pool before ~/.sqliterc sets anything on it, and the line itself then only resizes.
    if settings.initFile == nil, shell.state.readerCount == 0, let path = configFilePath,
      let count = ConfigFile.readerPreference(atPath: path)
    {
      shell.state.readerCount = count
    }
    let exists = databaseName?.withCString { access($0, F_OK) == 0 } ?? false
    if !shell.isDqlite && exists {
      _ = shell.openDatabase()
      if let code = shell.exitCode { return finish(shell, code) }
    }
    if let code = runInitFile(settings, path: initFile, shell: shell) {
      return finish(shell, code)
    }
    // The config file follows ~/.sqliterc's rules: not read when `-init` replaces it.
    if settings.initFile == nil, let path = configFilePath {
      let succeeded = shell.runConfigFile(path: path)
      if let code = shell.exitCode { return finish(shell, code) }
      if !succeeded && settings.state.bail { return finish(shell, 1) }
    }
    if let code = secondPass(&settings, commands: commands, shell: shell) {
      return finish(shell, code)
    }
    shell.state.isInteractive = settings.forcedInteractive ?? isTerminal
    if commands.isEmpty { return .readInput(shell) }
    // Nothing can ask for `.last` after the SQL arguments: the program ends with them.
    shell.state.style.display.keepsLast = false
    for command in commands {
      if shell.standardOutput.isBroken { return finish(shell, 1) }
      if command.bytes.first == UInt8(ascii: ".") {
        shell.dotCommandStatus = nil
        let outcome = shell.runDotCommand(command)
        shell.readHexDatabaseFromCommandLine(standardInput)
        if let code = shell.exitCode { return finish(shell, code) }
        switch outcome {
        case .success: continue
        case .failure: return finish(shell, shell.dotCommandStatus ?? 1)
        case .quit: return finish(shell, 0)
        }
      } else if let code = shell.runArgumentSQL(command) {
        return finish(shell, code)
      }
    }
    return finish(shell, 0)
  }

  /// `-memtrace`, `-pagecache` and `-lookaside`, which sqlite3 configures in its first pass,
  /// before SQLite initialises.
  private func configureMemory(_ settings: LaunchSettings) {
    if settings.tracesMemory { _ = Connection.traceMemoryAllocations() }
    if let (size, count) = settings.pageCache {
      _ = Connection.configurePageCache(slotSize: size, count: count)
    }
    if let (size, count) = settings.lookaside {
      _ = Connection.configureLookaside(slotSize: size, count: count)
    }
  }

  /// Runs the whole launch with `input` as stdin and returns the exit status.
  package func run(input: LineReader) -> Int32 {
    var launcher = self
    launcher.standardInput = { input }
    switch launcher.start() {
    case .finished(let code):
      return code
    case .readInput(let shell):
      shell.run(input)
      shell.close()
      return shell.exitStatus
    }
  }

  /// `--completions SHELL`: the script on stdout, or an error naming the shells there are.
  private func printCompletionScript(_ name: String) -> Start {
    guard let kind = CompletionScript.Kind(rawValue: name) else {
      let kinds = CompletionScript.Kind.allCases.map(\.rawValue).joined(separator: ", ")
      errors.write("\(program): Error: no completion script for \"\(name)\" (try \(kinds))\n")
      errors.flush()
      return .finished(1)
    }
    output.write(CompletionScript(kind).text)
    output.flush()
    return .finished(0)
  }

  private func finish(_ shell: Shell, _ code: Int32) -> Start {
    let rolledBack = shell.close()
    return .finished(code == 0 && (rolledBack || shell.hasLostOutput) ? 1 : code)
  }

  private func optionName(_ word: String) -> String {
    var name = word.dropFirst()
    if name.hasPrefix("-") { name = name.dropFirst() }
    return String(name)
  }

  /// The option `name`, or `nil` when litesh has none, or when sqlite3 takes it for an unknown
  /// option with no argument after it (`-maxsize` last).
  private func option(named name: String, argumentsLeft: Int) -> CommandLineOption? {
    guard let option = CommandLineOption.named(name) else { return nil }
    return option.isUnknownWithoutArgument && argumentsLeft == 0 ? nil : option
  }

  /// The options in order after the init file: settings, `-cmd`, unknown options.
  private func secondPass(
    _ settings: inout LaunchSettings, commands: [SQLText], shell: Shell
  ) -> Int32? {
    var index = 1
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      guard word.hasPrefix("-") else { continue }
      let name = optionName(word)
      if name.hasPrefix("A") {
        return runArchiveOption(from: index, commands: commands, shell: shell)
      }
      guard let option = option(named: name, argumentsLeft: arguments.count - index) else {
        errors.write(
          "\(program): Error: unknown option: \(word.hasPrefix("--") ? String(word.dropFirst()) : word)\n"
        )
        errors.write("Use -help for a list of options.\n")
        return 1
      }
      let value = option.argument == nil ? nil : arguments[index]
      index += option.argumentCount
      if name == "cmd", value != nil {
        if let code = runCommandOption(argumentBytes[index - 1], shell: shell) { return code }
        continue
      }
      guard option.phase == .late else { continue }
      settings.state = shell.state
      option.apply(&settings, value)
      shell.state = settings.state
      if shell.state.isSafe, let connection = shell.connection {
        shell.installSafeModeAuthorizer(on: connection)
      }
      if settings.printVersion {
        output.write("\(Connection.sqliteVersion) \(Connection.sqliteSourceID)\n")
        return 0
      }
      if settings.printHelp {
        errors.write(CommandLineOption.usage(program: program))
        return 1
      }
    }
    return nil
  }

}
