import Foundation
import TestSupport
import Testing

/// Who is at the keyboard, in a real terminal: a dumb terminal (as Emacs's comint gives) gets
/// sqlite3's session; `LITESH_AUDIENCE` chooses either on purpose.
@Suite("REPL for a person or a program", .enabled(if: REPLTerminal.isAvailable))
struct REPLAudienceTests {
  /// Types `line`, presses Enter and waits until a new `prompt` is the last line.
  ///
  /// A new one: until the terminal shows the typed line, the prompt before it is still the
  /// last line, and the next line typed then would be echoed into this one's output.
  private func run(_ terminal: REPLTerminal, _ line: String, prompt: String) throws {
    let prompts = terminal.occurrences(of: prompt)
    try terminal.type(line)
    try terminal.press("Enter")
    try terminal.waitUntil("a new \"\(prompt)\" as the last line", timeout: 10) {
      terminal.occurrences(of: prompt) > prompts && terminal.lastLine() == prompt
    }
  }

  @Test("a dumb terminal gets sqlite3's banner and prompts, no marker or colour, a TAB as typed")
  func dumbTerminal() throws {
    try withREPL(arguments: [":memory:"], environment: ["TERM": "dumb"], prompt: "sqlite> ") {
      terminal in
      #expect(terminal.screen().hasPrefix("SQLite version "))
      try run(terminal, "BEGIN;", prompt: "sqlite> ")
      try run(terminal, ".color on", prompt: "sqlite> ")
      // libedit would take the TAB as a completion request; the terminal's line discipline
      // passes it on.
      try run(terminal, "SELECT 'a\tb' AS x, NULL;", prompt: "sqlite> ")
      try terminal.type("SELECT")
      try terminal.press("Enter")
      try terminal.waitForLastLine("   ...> ")
      try run(terminal, "nosuch;", prompt: "sqlite> ")
      let lines = terminal.screen().split(separator: "\n")
      #expect(lines.contains { $0.hasPrefix("a ") && $0.hasSuffix("b|") })
      #expect(lines.contains { $0.contains("no such column: nosuch") })
      #expect(!terminal.screen(escapes: true).contains("\u{1B}["), "colour on a dumb terminal")
      #expect(!terminal.screen().contains("litesh"))
    }
  }

  @Test(
    "LITESH_AUDIENCE chooses on purpose",
    arguments: [
      (["LITESH_AUDIENCE": "program"], "sqlite> "),
      (["TERM": "dumb", "LITESH_AUDIENCE": "person"], "litesh[tx]> "),
    ])
  func chosen(_ environment: [String: String], _ prompt: String) throws {
    try withREPL(
      arguments: [":memory:"], environment: environment, prompt: String(prompt.prefix(6))
    ) {
      terminal in
      try run(terminal, "BEGIN;", prompt: prompt)
    }
  }
}
