import SQLiteShell
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Dot-command behaviour")
struct DotCommandBehaviourTests {
  private func contents(_ path: String) -> String {
    guard let reader = LineReader.open(path: path) else { return "<missing>" }
    defer { reader.close() }
    var lines: [String] = []
    while let line = reader.nextLine() { lines.append(line) }
    return lines.joined(separator: "\n")
  }

  @Test(".output redirects results and .print until reset; .once only the next command")
  func output() throws {
    let scratch = try ScratchDirectory("litesh-shell")
    defer { scratch.remove() }
    let directory = scratch.root
    let (output, _) = ShellHarness().run(
      ".output \(directory)/a.txt\nSELECT 1;\n.print x\n.output\nSELECT 2;\n"
        + ".once \(directory)/b.txt\nSELECT 3;\nSELECT 4;\n")
    #expect(output == "2\n4\n")
    #expect(contents("\(directory)/a.txt") == "1\nx")
    #expect(contents("\(directory)/b.txt") == "3")
  }

  @Test(".read runs a file with its own line numbers and .quit ends only that file")
  func read() throws {
    let scratch = try ScratchDirectory("litesh-shell")
    defer { scratch.remove() }
    let directory = scratch.root
    let file = try #require(OutputSink.open(path: "\(directory)/x.sql"))
    file.write("\nSELEC 1;\nSELECT 2;\n.quit\nSELECT 3;\n")
    file.close()
    let (output, errors) = ShellHarness().run(".read \(directory)/x.sql\nSELECT 4;\n")
    #expect(output == "2\n4\n")
    #expect(errors.hasPrefix("Parse error near line 2: near \"SELEC\": syntax error\n"))
  }

  @Test(".read reports a missing file")
  func readMissing() {
    let harness = ShellHarness()
    let (_, errors) = harness.run(".read /nonexistent/x.sql\n")
    #expect(errors == "Error: cannot open \"/nonexistent/x.sql\"\n")
    #expect(harness.shell.exitStatus == 1)
  }

  @Test(".show prints the settings as sqlite3 does")
  func show() {
    let (output, _) = ShellHarness().run(".headers on\n.nullvalue 'a\"b'\n.width 3 -4\n.show\n")
    #expect(output.contains("     headers: on\n"))
    #expect(output.contains("   nullvalue: \"a\\\"b\"\n"))
    #expect(output.contains("       width: 3 -4 \n"))
    #expect(output.hasSuffix("    filename: :memory:\n"))
  }

  @Test(".show adds litesh's own settings only for a person in an interactive session")
  func showOwnSettings() {
    var state = ShellState()
    state.isInteractive = true
    state.audience = SessionAudience(kind: .person, readsResultsOnScreen: true)
    let (output, _) = ShellHarness(state: state).run(".pager auto\n.color off\n.maxrows 9\n.show\n")
    #expect(
      output.hasSuffix(
        "    filename: :memory:\n       color: off\n       pager: auto\n     maxrows: 9\n"))
    state.audience = SessionAudience(kind: .program, readsResultsOnScreen: false)
    let (programs, _) = ShellHarness(state: state).run(".show\n")
    #expect(programs.hasSuffix("    filename: :memory:\n"))
  }

  @Test("a misspelt command gets the nearest ones, for a person at the prompt only")
  func misspeltCommand() {
    var state = ShellState()
    state.isInteractive = true
    state.audience = SessionAudience(kind: .person, readsResultsOnScreen: true)
    let input = ".tabels\n.descrbe wide\n.shema\n.frobnicate\n"
    let unknown = { (name: String) in
      "Error: unknown command or invalid arguments:  \"\(name)\". Enter \".help\" for help\n"
    }
    let (_, person) = ShellHarness(state: state).run(input)
    #expect(
      person
        == unknown("tabels") + "  did you mean .tables?\n" + unknown("descrbe")
        + "  did you mean .describe?\n" + unknown("shema") + "  did you mean .schema?\n"
        + unknown("frobnicate"))
    let sqlite3Bytes = ["tabels", "descrbe", "shema", "frobnicate"].map(unknown).joined()
    state.audience = SessionAudience(kind: .program, readsResultsOnScreen: false)
    #expect(ShellHarness(state: state).run(input).1 == sqlite3Bytes)
    #expect(ShellHarness().run(input).1 == sqlite3Bytes)
  }

  @Test("unknown commands and usage errors count as errors")
  func unknown() {
    let harness = ShellHarness()
    let (_, errors) = harness.run(".frobnicate\n.headers\n")
    #expect(
      errors
        == "Error: unknown command or invalid arguments:  \"frobnicate\". Enter \".help\" for help\n"
        + "Usage: .headers on|off\n")
    #expect(harness.shell.exitStatus == 1)
  }

  @Test(".prompt changes the prompts the REPL shows")
  func prompt() {
    let harness = ShellHarness()
    #expect(harness.shell.mainPrompt == "litesh> ")
    harness.run(".prompt 'db> ' '..> '\n")
    #expect(harness.shell.mainPrompt == "db> ")
    #expect(harness.shell.continuationPrompt == "..> ")
  }

  @Test(".mode sets the mode through the output style")
  func mode() {
    let (output, _) = ShellHarness().run(".mode csv\n.headers on\nSELECT 1 AS a, 'x y' AS b;\n")
    #expect(output == "a,b\r\n1,\"x y\"\r\n")
  }

  @Test("-safe refuses file commands and ends the shell")
  func safe() {
    var state = ShellState()
    state.isSafe = true
    let harness = ShellHarness(state: state)
    let (output, errors) = harness.run("SELECT 1;\n.output x\nSELECT 2;\n")
    #expect(output == "1\n")
    #expect(errors == "line 2: cannot run .output in safe mode\n")
    #expect(harness.shell.exitStatus == 1)
  }
}
