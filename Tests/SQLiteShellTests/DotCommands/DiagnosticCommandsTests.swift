import SQLiteCore
import SQLiteShell
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("DiagnosticCommands")
struct DiagnosticCommandsTests {
  @Test(".trace --row puts each row's trace line just before the row")
  func traceRowsInterleave() {
    let (output, errors) = ShellHarness().run(
      ".trace stdout --row --stmt\nVALUES(1),(2);\n.mode json\nVALUES(3);\n")
    #expect(errors.isEmpty)
    #expect(
      output
        == "VALUES(1),(2);\nVALUES(1),(2);\n1\nVALUES(1),(2);\n2\n"
        + "VALUES(3);\nVALUES(3);\n[{\"column1\":3}]\n")
  }

  @Test(".trace --profile ends each statement with its run time in nanoseconds")
  func traceProfileShape() throws {
    let (output, _) = ShellHarness().run(".trace stdout --profile\nSELECT 41 + 1;\n")
    let lines = output.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines.first == "42")
    let profile = try #require(lines.last)
    #expect(profile.hasPrefix("SELECT 41 + 1; -- ") && profile.hasSuffix(" ns"))
    let digits = profile.dropFirst("SELECT 41 + 1; -- ".count).dropLast(3)
    #expect(!digits.isEmpty && digits.allSatisfy(\.isNumber))
  }

  @Test(".trace stderr keeps trace lines out of the results")
  func traceToErrors() {
    let (output, errors) = ShellHarness().run(".trace stderr\nSELECT 1;\n.trace off\nSELECT 2;\n")
    #expect(output == "1\n2\n")
    #expect(errors == "SELECT 1;\n")
  }

  @Test(".trace --close reports the connection closing")
  func traceClose() {
    let harness = ShellHarness()
    _ = harness.run(".trace stdout --close\n")
    harness.shell.close()
    #expect(harness.output.capturedText == "-- closing database connection\n")
  }

  @Test("a tracing shell released without close() does not crash")
  func traceReleased() {
    var harness: ShellHarness? = ShellHarness()
    _ = harness?.run(".trace stdout --close --profile\n.progress 1\nSELECT 1;\n")
    let output = harness?.output
    harness = nil
    #expect(output?.capturedText.hasPrefix("Progress 1\n") == true)
  }

  @Test(".log sends delivered entries to the sink it chose, and off stops them")
  func logRouting() {
    let harness = ShellHarness()
    _ = harness.run(".log stdout\n")
    ShellLog.deliver(SQLiteLog.Entry(code: .error, message: "first"))
    _ = harness.run(".log stderr\n")
    ShellLog.deliver(SQLiteLog.Entry(code: ResultCode(rawValue: 284), message: "second"))
    _ = harness.run(".log off\n")
    ShellLog.deliver(SQLiteLog.Entry(code: .error, message: "dropped"))
    #expect(harness.output.capturedText == "(1) first\n")
    #expect(harness.errors.capturedText == "(284) second\n")
  }

  @Test(".progress prints each callback and interrupts at the limit")
  func progressLimit() {
    let (output, errors) = ShellHarness().run(
      ".progress 50 --limit 2\nSELECT count(*) FROM (WITH RECURSIVE c(x) AS (VALUES(1) "
        + "UNION ALL SELECT x+1 FROM c WHERE x<100) SELECT x FROM c);\n")
    #expect(output == "Progress 1\nProgress limit reached (2)\n")
    #expect(errors == "Runtime error near line 2: interrupted (9)\n")
  }

  @Test("the row counter counts streamed and collected rows")
  func rowCounter() {
    let harness = ShellHarness()
    let start = harness.shell.display.rowsWritten.value
    _ = harness.run("VALUES(1),(2),(3);\n.mode box\nVALUES(4),(5);\n.mode csv\nSELECT 1 WHERE 0;\n")
    #expect(harness.shell.display.rowsWritten.value - start == 5)
  }

  @Test("bytes written to the output while a formatter holds it are not lost")
  func foreignWritesSurvive() throws {
    let harness = ShellHarness()
    let connection = try #require(harness.shell.openDatabase())
    let sink = harness.output
    try connection.createFunction("shout", argumentCount: 1) { arguments in
      sink.write("<\(arguments[0].description)>")
      return arguments[0]
    }
    let (output, _) = harness.run("SELECT shout(1);\n")
    #expect(output.contains("<1>"))
    #expect(output.contains("1\n"))
  }

  @Test(".vfslist lists every VFS and marks the one in use")
  func vfsList() {
    let (output, _) = ShellHarness().run("SELECT 1;\n.vfslist\n")
    #expect(output.hasPrefix("1\nvfs.zName      = \"unix\"  <--- CURRENT\nvfs.iVersion   = 3\n"))
    #expect(output.contains("-----------------------------------\nvfs.zName      = \"memdb\"\n"))
    #expect(!output.hasSuffix("-\n"))
  }

  @Test(".nonce lifts -safe for exactly one dot-command")
  func nonce() {
    var state = ShellState()
    state.isSafe = true
    state.safeModeNonce = "n1"
    let harness = ShellHarness(state: state)
    let (_, errors) = harness.run(".nonce n1\n.log off\n.log off\n")
    #expect(errors == "line 3: cannot run .log in safe mode\n")
    #expect(harness.shell.exitStatus == 1)
  }
}
