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

  @Test("reports a syntax error with the chunk's line and a caret block")
  func syntaxError() {
    let harness = ShellHarness()
    let (output, errors) = harness.run("SELECT 1;\n\nSELEC 2;\nSELECT 3;\n")
    #expect(output == "1\n3\n")
    #expect(
      errors
        == "Parse error near line 3: near \"SELEC\": syntax error\n  SELEC 2;\n  ^--- error here\n")
    #expect(harness.shell.exitStatus == 1)
  }

  @Test("reports a runtime error with its primary code")
  func runtimeError() {
    let (_, errors) = ShellHarness().run(
      "CREATE TABLE x(a UNIQUE);\nINSERT INTO x VALUES(1);\nINSERT INTO x VALUES(1);\n")
    #expect(errors == "Runtime error near line 3: UNIQUE constraint failed: x.a (19)\n")
  }

  @Test("drops line numbers for interactive input")
  func interactiveErrors() {
    var state = ShellState()
    state.isInteractive = true
    let (_, errors) = ShellHarness(state: state).run("SELEC 1;\nSELECT x;\n")
    #expect(errors.hasPrefix("Parse error: near \"SELEC\": syntax error\n"))
    #expect(errors.contains("Parse error: no such column: x\n"))
  }

  @Test("stops at the first error with bail, never without")
  func bail() {
    let withoutBail = ShellHarness().run("SELEC;\nSELECT 1;\n")
    #expect(withoutBail.output == "1\n")
    let withBail = ShellHarness().run(".bail on\nSELEC;\nSELECT 1;\n")
    #expect(withBail.output == "")
  }

  @Test("runs the last statement without a semicolon at the end of input")
  func lastStatement() {
    #expect(ShellHarness().run("SELECT 1;\nSELECT 2").output == "1\n2\n")
  }

  @Test("exposes pending SQL for the continuation prompt and can discard it")
  func continuation() {
    let harness = ShellHarness()
    harness.shell.processLine("SELECT")
    #expect(harness.shell.isAwaitingContinuation)
    harness.shell.discardPendingInput()
    #expect(!harness.shell.isAwaitingContinuation)
    harness.shell.processLine("SELECT 5;")
    harness.shell.finish()
    #expect(harness.output.capturedText == "5\n")
  }

  @Test(".exit sets the status and stops input")
  func exit() {
    let harness = ShellHarness()
    harness.run("SELECT 1;\n.exit 7\nSELECT 2;\n")
    #expect(harness.shell.shouldExit)
    #expect(harness.shell.exitStatus == 7)
    #expect(harness.output.capturedText == "1\n")
  }

  @Test(".changes prints counts after each successful chunk")
  func changes() {
    let (output, _) = ShellHarness().run(
      "CREATE TABLE t(a);\n.changes on\nINSERT INTO t VALUES(1),(2);\nSELECT count(*) FROM t;\n")
    #expect(output == "changes: 2   total_changes: 2\n2\nchanges: 2   total_changes: 2\n")
  }

  @Test(".timer prints a run time line per chunk")
  func timer() {
    let (output, _) = ShellHarness().run(".timer on\nSELECT 1; SELECT 2;\n")
    let lines = output.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[2].hasPrefix("Run Time: real "))
    #expect(lines[2].contains(" user ") && lines[2].contains(" sys "))
  }

  @Test(".echo prints each input before running it")
  func echo() {
    let (output, _) = ShellHarness().run(".echo on\nSELECT 1; SELECT 2;\n-- c\n")
    #expect(output == "SELECT 1; SELECT 2;\n1\n2\n-- c\n")
  }

  @Test("streams a large result in list mode without buffering it")
  func streaming() {
    let output = OutputSink(.memory)
    let shell = Shell(output: output, errors: OutputSink(.memory))
    shell.processLine(
      "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x < 200000) SELECT x FROM c;"
    )
    #expect(output.buffer.count < 1 << 17)
    shell.finish()
    #expect(output.capturedText.hasSuffix("199999\n200000\n"))
  }
}
