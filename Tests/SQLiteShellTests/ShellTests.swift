import SQLiteCore
import SQLiteShell
import Testing

@Suite("Shell")
struct ShellTests {
  @Test("prints rows in list mode")
  func printsListMode() throws {
    let output = OutputSink(.memory)
    let errors = OutputSink(.memory)
    let shell = Shell(connection: try Connection(), output: output, errors: errors)
    shell.processLine("SELECT 1, 'a', NULL, 2.0;")
    shell.finish()
    #expect(output.capturedText == "1|a||2.0\n")
  }
}
