import SQLiteCore
import SQLiteShell

/// Runs `.parameter set` with the input as its arguments in a safe-mode shell with a length
/// limit and a progress limit, then `.parameter list`, and checks nothing else changed.
enum ParameterSetFuzz {
  static let setup = [
    ".limits length 65536", ".progress 1000 --quiet --limit 2000",
    "CREATE TABLE sentinel(x); INSERT INTO sentinel VALUES(42);",
  ]

  static func run(_ data: [UInt8]) -> [String] {
    var state = ShellState()
    state.isSafe = true
    let output = OutputSink(.memory)
    let errors = OutputSink(.memory)
    let shell = Shell(state: state, output: output, errors: errors)
    for line in setup { shell.processLine(line) }
    shell.processLine(SQLText(bytes: Array(".parameter set ".utf8) + data))
    shell.processLine(".parameter list")
    shell.processLine(".parameter unset x")
    let before = output.captured.count
    shell.processLine("SELECT x, count(*) FROM sentinel;")
    shell.finish()
    var failures: [String] = []
    let after = Array(output.captured.dropFirst(before))
    if after != Array("42|1\n".utf8) {
      failures.append("sentinel reads \(String(decoding: after, as: UTF8.self))")
    }
    if shell.shouldExit { failures.append("the shell asked to exit") }
    if shell.transactions.isOpen { failures.append("a transaction is open") }
    return failures
  }
}
