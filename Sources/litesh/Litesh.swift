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
      if shell.state.isInteractive {
        runInteractive(shell)
      } else {
        shell.run(LineReader(fileDescriptor: 0))
      }
      let status = shell.exitStatus
      shell.close()
      exit(status)
    }
  }

  /// The libedit REPL (Sources/litesh/Terminal): standard input is a terminal.
  static func runInteractive(_ shell: Shell) {
    InteractiveSession(
      shell: shell, dotCommandNames: shell.registry.implemented.map(\.name),
      isTransient: shell.state.databasePath == ":memory:"
    ).run()
    shell.finish()
  }
}
