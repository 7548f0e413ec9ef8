import SQLiteShell
import Testing

/// `.open --hexdb` without a file: the shell's next lines are the database, whichever way they
/// come (a script, the REPL line by line, a `.read` file).
@Suite("Shell+HexDatabase")
struct HexDatabaseInputTests {
  /// Two pages of 512 bytes: `CREATE TABLE t(a)` and its empty root page.
  static let hexText = """
    | size 1024 pagesize 512 filename x.db
    | page 1 offset 0
    |      0: 53 51 4c 69 74 65 20 66 6f 72 6d 61 74 20 33 00
    |     16: 02 00 01 01 00 40 20 20 00 00 00 01 00 00 00 02
    |     32: 00 00 00 00 00 00 00 00 00 00 00 01 00 00 00 04
    |     48: 00 00 00 00 00 00 00 00 00 00 00 01 00 00 00 00
    |     80: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 01
    |     96: 00 2e 63 01 0d 00 00 00 01 01 df 00 01 df 00 00
    |    464: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 1f
    |    480: 01 06 17 0f 0f 01 2f 74 61 62 6c 65 74 74 02 43
    |    496: 52 45 41 54 45 20 54 41 42 4c 45 20 74 28 61 29
    | page 2 offset 512
    |      0: 0d 00 00 00 00 02 00 00 00 00 00 00 00 00 00 00
    | end x.db

    """

  @Test("the lines after the command load the database; later lines run as usual")
  func script() {
    let result = ShellHarness().run(
      ".open --hexdb\n" + Self.hexText + "SELECT name FROM sqlite_schema;\nSELECT nosuch;\n")
    #expect(result.output == "t\n")
    #expect(result.errors.hasPrefix("Parse error near line 17: no such column: nosuch"))
  }

  @Test("line by line, the shell waits for more until the end line; Ctrl-C gives up")
  func lineByLine() {
    let harness = ShellHarness()
    harness.shell.processLine(".open --hexdb")
    #expect(harness.shell.isAwaitingContinuation)
    for line in Self.hexText.split(separator: "\n") { harness.shell.processLine(String(line)) }
    #expect(!harness.shell.isAwaitingContinuation)
    harness.shell.processLine("SELECT count(*) FROM sqlite_schema;")
    harness.shell.processLine(".open --hexdb")
    harness.shell.processLine("| size 512 pagesize 512")
    harness.shell.discardPendingInput()
    #expect(!harness.shell.isAwaitingContinuation)
    harness.shell.processLine("SELECT 2;")
    harness.shell.finish()
    #expect(harness.output.capturedText == "1\n2\n")
    #expect(harness.errors.capturedText == "")
  }

  @Test("a bad header is reported when the end line (or the input's end) comes")
  func badHeader() {
    let result = ShellHarness().run(
      ".open --hexdb\n| size 1 pagesize 7\nSELECT 1;\n| end x\nSELECT 2;\n")
    #expect(result.output == "2\n")
    #expect(result.errors == "Error on line 4 of --hexdb input\n")
  }
}
