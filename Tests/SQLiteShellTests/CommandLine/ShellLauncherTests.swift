import SQLiteCore
import SQLiteShell
import Testing

@Suite("ShellLauncher")
struct ShellLauncherTests {
  @Test("runs SQL arguments in order and does not read stdin")
  func sqlArguments() {
    let result = ShellHarness.launch([":memory:", "SELECT 1", ".print x"], input: "SELECT 2;\n")
    #expect(result.output == "1\nx\n")
    #expect(result.status == 0)
  }

  @Test("exits with the result code of a failing SQL argument")
  func argumentErrors() {
    let result = ShellHarness.launch([
      ":memory:", "CREATE TABLE x(a UNIQUE); INSERT INTO x VALUES(1),(1)",
    ])
    #expect(result.errors == "Error: stepping, UNIQUE constraint failed: x.a (19)\n")
    #expect(result.status == 19)
  }

  @Test("rejects unknown options and missing arguments with sqlite3's texts")
  func badOptions() {
    let unknown = ShellHarness.launch(["--bogus"])
    #expect(
      unknown.errors == "litesh: Error: unknown option: -bogus\nUse -help for a list of options.\n")
    #expect(unknown.status == 1)
    let missing = ShellHarness.launch([":memory:", "-cmd"])
    #expect(missing.errors == "litesh: Error: missing argument to -cmd\n")
    #expect(missing.status == 1)
  }

  @Test("-stats prints what .stats on prints after each statement")
  func statsOption() {
    func labels(_ text: String) -> [Substring] {
      text.split(separator: "\n").map { $0.prefix { !$0.isNumber } }
    }
    let option = ShellHarness.launch(["-stats", ":memory:", "SELECT 1", "SELECT 2"])
    let command = ShellHarness.launch([":memory:", ".stats on", "SELECT 1", "SELECT 2"])
    #expect(option.output.hasPrefix("1\nMemory Used:"))
    #expect(labels(option.output).count > 20)
    #expect(labels(option.output) == labels(command.output))
  }

  @Test("prints the version and the help text")
  func versionAndHelp() {
    let version = ShellHarness.launch(["-version"])
    #expect(version.output == "\(Connection.sqliteVersion) \(Connection.sqliteSourceID)\n")
    let help = ShellHarness.launch(["--help"])
    #expect(help.errors.hasPrefix("Usage: litesh [OPTIONS] FILENAME [SQL]\n"))
    #expect(help.errors.contains("   -cmd COMMAND         run \"COMMAND\" before reading stdin\n"))
    #expect(help.status == 1)
  }

  @Test("every listed option appears in the help text exactly once")
  func optionTable() {
    let help = CommandLineOption.usage(program: "litesh")
    for option in CommandLineOption.table where option.isListed {
      #expect(help.components(option.helpLine) == 1)
    }
  }

  @Test("applies mode options and runs -cmd in argument order")
  func cmdOrder() {
    let result = ShellHarness.launch(
      ["-cmd", "SELECT 1, 2", "-csv", "-cmd", "SELECT 3, 4", "-header"], input: "SELECT 5 AS a;\n")
    #expect(result.output == "1|2\n3,4\na\n5\n")
  }

  @Test("ignores -cmd errors for the exit status unless -bail")
  func cmdErrors() {
    #expect(ShellHarness.launch(["-cmd", "SELEC"], input: "SELECT 1;\n").status == 0)
    #expect(ShellHarness.launch(["-bail", "-cmd", "SELEC"], input: "SELECT 1;\n").status == 1)
  }

  @Test("reports a missing -init file and carries on")
  func missingInit() {
    let result = ShellHarness.launch(["-init", "/nonexistent/rc"], input: "SELECT 1;\n")
    #expect(result.errors == "cannot open: \"/nonexistent/rc\"\n")
    #expect(result.output == "1\n")
    #expect(result.status == 0)
  }

  @Test("fails to open a missing read-only database when it is first used")
  func readOnlyMissing() {
    let result = ShellHarness.launch(
      ["-readonly", "/nonexistent/x.db"], input: ".print a\nSELECT 1;\n")
    #expect(result.output == "a\n")
    #expect(
      result.errors
        == "Error: unable to open database \"/nonexistent/x.db\": unable to open database file\n")
    #expect(result.status == 1)
  }
}

extension String {
  /// How many times `part` occurs.
  fileprivate func components(_ part: String) -> Int {
    split(separator: "\n").filter { $0 == part }.count
  }
}
