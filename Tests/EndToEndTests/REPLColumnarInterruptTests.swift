import Foundation
import TestSupport
import Testing

/// Ctrl-C while a columnar mode collects rows: nothing of the collected rows is drawn.
@Suite(
  "REPL columnar interrupt", .serialized,
  .enabled(if: REPLTerminal.isAvailable, "tmux is not installed"))
struct REPLColumnarInterruptTests {
  @Test(
    "Ctrl-C in box mode prints a note instead of the collected rows and returns to the prompt",
    arguments: ["box", "column", "table", "markdown"])
  func interruptCollecting(_ mode: String) throws {
    try withREPL { terminal in
      try terminal.run(".mode \(mode)")
      let prompts = try terminal.interrupt(
        "SELECT 'row-' || value AS v FROM generate_series(1, 1000000000);",
        expecting: "rows not shown)", timeout: 2)
      try terminal.waitUntil("the next prompt after one Ctrl-C", timeout: 2) {
        terminal.promptCount() > prompts
      }
      let screen = terminal.screen()
      #expect(screen.contains("(interrupted: "))
      #expect(!screen.contains("row-1 "), "collected rows were drawn")
      try terminal.run("SELECT 40 + 2 AS answer;", expecting: "42")
    }
  }
}
