import Glibc
import SQLiteCore
import SQLiteShell

@main
enum Litesh {
  /// The litesh version shown in the banner.
  static let version = "0.1.0"

  static func main() {
    let arguments = CommandLine.arguments.dropFirst()
    let path = arguments.first ?? ":memory:"
    let output = OutputSink(.fileDescriptor(1))
    let errors = OutputSink(.fileDescriptor(2))
    let connection: Connection
    do {
      connection = try Connection(path: path)
    } catch {
      errors.write("Error: unable to open database \"\(path)\": \(error.message)\n")
      errors.flush()
      exit(1)
    }
    let shell = Shell(connection: connection, output: output, errors: errors)
    if isatty(STDIN_FILENO) != 0 {
      InteractiveSession(
        shell: BasicInteractiveShell(shell), dotCommandNames: ["quit", "exit", "help", "mode"],
        isTransient: arguments.isEmpty
      ).run()
    } else {
      while let line = readLine(strippingNewline: true) {
        shell.processLine(line)
      }
    }
    shell.finish()
    exit(shell.hadError ? 1 : 0)
  }
}
