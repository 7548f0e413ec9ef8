import SQLiteShell

/// Runs a script through an in-memory shell and captures what it printed.
struct ShellHarness {
  let shell: Shell
  let output = OutputSink(.memory)
  let errors = OutputSink(.memory)

  init(state: ShellState = ShellState()) {
    shell = Shell(state: state, output: output, errors: errors)
  }

  /// A shell on the database file `path` with `readers` readers (the pool opens on first use).
  init(path: String, readers: Int) {
    var state = ShellState()
    state.readerCount = readers
    state.databasePath = path
    self.init(state: state)
  }

  /// Feeds `script` line by line, runs the end of input, and returns (stdout, stderr).
  @discardableResult
  func run(_ script: String) -> (output: String, errors: String) {
    shell.run(LineReader(text: script))
    return (output.capturedText, errors.capturedText)
  }

  /// Runs the launcher with `arguments` and `input`, returning (stdout, stderr, status).
  static func launch(_ arguments: [String], input: String = "", home: String? = "/nonexistent-home")
    -> (
      output: String, errors: String, status: Int32
    )
  {
    let output = OutputSink(.memory)
    let errors = OutputSink(.memory)
    let launcher = ShellLauncher(
      arguments: ["litesh"] + arguments, output: output, errors: errors, isTerminal: false,
      homeDirectory: home)
    let status = launcher.run(input: LineReader(text: input))
    return (output.capturedText, errors.capturedText, status)
  }
}
