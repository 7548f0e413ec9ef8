import Glibc
import SQLiteCore
import SQLiteShell

@main
enum Litesh {
  static func main() {
    let output = OutputSink(.fileDescriptor(1))
    let errors = OutputSink(.fileDescriptor(2))
    let launcher = ShellLauncher(
      arguments: CommandLine.arguments, output: output, errors: errors,
      isTerminal: isatty(0) != 0, homeDirectory: ShellLauncher.defaultHomeDirectory())
    switch launcher.start() {
    case .finished(let code):
      exit(code)
    case .readInput(let shell):
      let reader = LineReader(fileDescriptor: 0)
      if shell.state.isInteractive {
        runInteractive(shell, reader: reader)
      } else {
        shell.run(reader)
      }
      let status = shell.exitStatus
      shell.close()
      exit(status)
    }
  }

  /// A plain prompt loop until the libedit REPL replaces it.
  static func runInteractive(_ shell: Shell, reader: LineReader) {
    shell.standardOutput.write(
      "litesh (SQLite version \(Connection.sqliteVersion))\nEnter \".help\" for usage hints.\n")
    while !shell.shouldExit {
      shell.standardOutput.write(
        shell.isAwaitingContinuation ? shell.continuationPrompt : shell.mainPrompt)
      shell.flush()
      guard let line = reader.nextLine() else { break }
      shell.processLine(line)
    }
    shell.finish()
  }
}
