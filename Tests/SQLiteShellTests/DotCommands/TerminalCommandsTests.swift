import SQLiteShell
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `.color`, `.pager` and `.edit`: the settings they keep and the text `.edit` hands over.
@Suite("Terminal commands")
struct TerminalCommandsTests {
  @Test(".color and .pager keep on, off or auto and print the value when asked")
  func settings() {
    let harness = ShellHarness()
    let (output, errors) = harness.run(
      ".color\n.pager\n.color off\n.pager auto\n.color\n.pager\n.pager on\n")
    #expect(output == "color: auto\npager: off\ncolor: off\npager: auto\n")
    #expect(errors.isEmpty)
    #expect(harness.shell.state.color == .off)
    #expect(harness.shell.state.pager == .on)
  }

  @Test(".pager with a word it does not take names on, off and auto, fails and changes nothing")
  func unknownValue() {
    let harness = ShellHarness()
    let (_, errors) = harness.run(".pager auto\n.pager sometimes\n.color AUTO\n.color yes\n")
    #expect(errors == "Error: .pager takes on, off or auto, not \"sometimes\"\n")
    #expect(harness.shell.state.pager == .auto)
    #expect(harness.shell.state.color == .on)
    #expect(harness.shell.exitStatus == 1)
  }

  @Test(".pager with two arguments prints its usage and fails")
  func usage() {
    let harness = ShellHarness()
    let (_, errors) = harness.run(".pager on off\n")
    #expect(errors == "Usage: .pager on|off|auto\n")
    #expect(harness.shell.exitStatus == 1)
  }

  @Test("the new commands shadow none of sqlite3's abbreviations")
  func abbreviations() {
    let registry = DotCommandRegistry.standard
    let typed = ["e", "ec", "ed", "col", "co", "pa", "par", "pag"]
    // sqlite3 3.40.1 rejects `.pa`; litesh's `.pager` does not take it either.
    #expect(
      typed.map { registry.resolve($0)?.name }
        == ["echo", "echo", "edit", "color", "connection", nil, "parameter", "pager"])
  }

  @Test(".edit refuses piped input")
  func editNeedsTerminal() {
    let (_, errors) = ShellHarness().run("SELECT 1;\n.edit\n")
    #expect(errors == "Error: .edit needs an interactive terminal\n")
  }

  @Test("the shell remembers the last SQL of the main input, not of .read")
  func lastSQL() {
    let harness = ShellHarness()
    harness.run("SELECT 1;\n.read /dev/null\n")
    #expect(harness.shell.lastSQL == "SELECT 1;")
  }

  @Test(".edit at the prompt asks the REPL, once, to edit the last SQL")
  func editRequest() {
    var state = ShellState()
    state.isInteractive = true
    let harness = ShellHarness(state: state)
    let (_, errors) = harness.run("SELECT 1;\n.edit\n")
    #expect(errors.isEmpty)
    #expect(harness.shell.takeEditRequest() == "SELECT 1;")
    #expect(harness.shell.takeEditRequest() == nil)
  }

  @Test("the editor gets a file of mode 0600 holding the text and returns what it wrote")
  func editorRoundTrip() throws {
    let scratch = try ScratchDirectory("litesh-edit-test")
    defer { scratch.remove() }
    let directory = scratch.root
    let script = directory + "/editor.sh"
    try writeExecutableScript(
      "#!/bin/sh\nstat -c %a \"$1\" > '\(directory)/mode'\ncp \"$1\" '\(directory)/seen'\n"
        + "sed -i 's/before/after/' \"$1\"\n",
      to: script)
    let result = ExternalEditor.edit("SELECT 'before';", editor: script)
    #expect(result == .success("SELECT 'after';"))
    #expect(read(directory + "/mode") == "600\n")
    #expect(read(directory + "/seen") == "SELECT 'before';\n")
  }

  @Test("an editor that fails produces no text and says why")
  func editorFailure() {
    let result = ExternalEditor.edit("SELECT 1;", editor: "exit 3; true")
    #expect(result == .failure(.init(message: "editor \"exit 3; true\" exited with status 3")))
  }

  private func read(_ path: String) -> String {
    guard let reader = LineReader.open(path: path) else { return "<missing>" }
    defer { reader.close() }
    var lines: [String] = []
    while let line = reader.nextLine() { lines.append(line + "\n") }
    return lines.joined()
  }
}
