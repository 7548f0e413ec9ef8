import Foundation
import TestSupport
import Testing

/// The REPL in a real terminal (tmux): prompts, history, completion, Ctrl-C, terminal output.
@Suite("REPL", .serialized, .enabled(if: REPLTerminal.isAvailable, "tmux is not installed"))
struct REPLTests {
  @Test("shows the banner, the prompt and the continuation prompt")
  func prompts() throws {
    try withREPL { terminal in
      #expect(terminal.screen().contains("Enter \".help\" for usage hints."))
      try terminal.type("SELECT 6")
      try terminal.enter()
      try terminal.waitFor("   ...>")
      try terminal.run("* 7;", expecting: "42")
    }
  }

  @Test("recalls a statement typed over three lines as one entry with Up and runs it again")
  func multiLineHistory() throws {
    try withREPL(arguments: ["-list"]) { terminal in
      try terminal.type("SELECT 'multi'")
      try terminal.enter()
      try terminal.type("|| '-line'")
      try terminal.enter()
      try terminal.run("|| '-entry';", expecting: "multi-line-entry")
      try terminal.press("Up")
      try terminal.enter()
      try terminal.waitUntil("the result twice", timeout: 10) {
        terminal.screen().components(separatedBy: "\nmulti-line-entry").count == 3
      }
    }
  }

  @Test("completes a table after FROM, a column after an alias and a dot-command")
  func tabCompletion() throws {
    try withREPL(arguments: ["-list"]) { terminal in
      try terminal.run("CREATE TABLE people(id INTEGER PRIMARY KEY, nickname TEXT);")
      try terminal.run("INSERT INTO people(nickname) VALUES ('ada');")
      try terminal.type("SELECT * FROM peo")
      try terminal.press("Tab")
      try terminal.waitFor("litesh> SELECT * FROM people")
      try terminal.run(";")
      try terminal.type("SELECT t.nick FROM people t;")
      try terminal.press(
        "Left", "Left", "Left", "Left", "Left", "Left", "Left", "Left", "Left", "Left", "Left",
        "Left", "Left", "Left", "Left")
      try terminal.press("Tab")
      try terminal.waitFor("SELECT t.nickname FROM people t;")
      try terminal.enter()
      try terminal.waitFor("\nada")
      try terminal.type(".qu")
      try terminal.press("Tab")
      try terminal.waitFor("litesh> .quit")
      try terminal.press("Enter")
      try terminal.waitFor("LITESH-EXITED")
    }
  }

  /// libedit takes the word right after `."` as `."` (it steps back over a quote before the
  /// cursor), where the engine completes the empty word after the quote: the line editor puts
  /// the difference back, or the line would read `"Odd Name"my col"`.
  @Test("completes quoted names with the quote closed once, also right after a dot and a quote")
  func quotedCompletion() throws {
    try withREPL(arguments: ["-list"]) { terminal in
      try terminal.run("CREATE TABLE \"Odd Name\"(\"my col\");")
      try terminal.run("INSERT INTO \"Odd Name\" VALUES ('odd value');")
      try terminal.type("SELECT \"Odd Name\".\"")
      try terminal.press("Tab")
      try terminal.waitFor("litesh> SELECT \"Odd Name\".\"my col\"")
      try terminal.type(" FROM \"Od")
      try terminal.press("Tab")
      try terminal.waitFor("\"my col\"  FROM \"Odd Name\"")
      try terminal.run(";", expecting: "\nodd value")
      // Before the closing quote already typed: neither a second quote nor a space.
      try terminal.type("SELECT \"my\" FROM \"Odd Name\";")
      try terminal.press("-N", "18", "Left")
      try terminal.press("Tab")
      try terminal.waitFor("litesh> SELECT \"my col\" FROM \"Odd Name\";")
      try terminal.run("", expecting: "\nodd value")
    }
  }

  @Test("Ctrl-C stops an endless recursive CTE within a second and the shell goes on")
  func interruptStatement() throws {
    try withREPL(arguments: ["-list"]) { terminal in
      try terminal.type(
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c;")
      let prompts = terminal.promptCount()
      try terminal.press("Enter")
      try terminal.waitFor("running")  // the progress line: the statement is under way
      let pressed = Date()
      try terminal.press("C-c")
      try terminal.waitFor("interrupted", timeout: 1)
      #expect(Date().timeIntervalSince(pressed) < 1)
      try terminal.waitUntil("the next prompt", timeout: 5) { terminal.promptCount() > prompts }
      #expect(!terminal.screen().contains("running"), "the progress line was not erased")
      try terminal.run("SELECT 40 + 2;", expecting: "\n42")
    }
  }

  @Test("Ctrl-C at the prompt abandons the pending statement; Ctrl-D exits")
  func interruptPrompt() throws {
    try withREPL(arguments: ["-list"]) { terminal in
      try terminal.type("SELECT 'lost'")
      try terminal.enter()
      try terminal.press("C-c")
      try terminal.waitFor("^C")
      try terminal.run("SELECT 'kept';", expecting: "\nkept")
      #expect(!terminal.screen().contains("\nlost"))
      try terminal.endWithControlD()
    }
  }

  /// Keys pressed while the prompt just written is on screen reach libedit as typed.
  ///
  /// strace holds litesh 0.2 s after each write, so the keys come in that moment. When it set the
  /// terminal's edit mode only after the prompt (libedit's `readline()` does), the terminal's
  /// line discipline took this Ctrl-D as an end-of-file mark, libedit then read a NUL byte, and
  /// litesh waited on (a CI run hit that window without strace); the typed line was echoed
  /// twice.
  /// Whether strace is installed and may trace here (`scripts/setup.sh --test` installs it; a
  /// container can forbid ptrace).
  static let canTrace: Bool = {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") else { return false }
    return (try? ProgramRun.run("/usr/bin/strace", ["-o", "/dev/null", "/bin/true"]))?.status == 0
  }()

  @Test(
    "a key pressed the moment the prompt appears reaches the line editor as typed",
    .enabled(if: canTrace, "strace is not installed or cannot trace here"))
  func keysAsPromptAppears() throws {
    let slowWrites = [
      "strace", "-o", "/dev/null", "-e", "trace=write", "-e", "inject=write:delay_exit=200000",
    ]
    try withREPL(arguments: ["-list"], launchedBy: slowWrites) { terminal in
      try terminal.run("SELECT 6*7;", expecting: "\n42")
      #expect(terminal.screen().components(separatedBy: "SELECT 6*7").count == 2)
      try terminal.endWithControlD(timeout: 5)
    }
  }

  @Test("keeps history in a file of mode 0600 that a new session reloads")
  func historyFile() throws {
    try ScratchDirectory.with("litesh-history") { home in
      try withREPL(home: home.root, keepingHome: true) { first in
        try first.run("SELECT 'from the first session';")
        try first.endWithControlD()
      }
      let attributes = try FileManager.default.attributesOfItem(
        atPath: home.path(".litesh_history"))
      #expect((attributes[.posixPermissions] as? Int) == 0o600)

      try withREPL(home: home.root, keepingHome: true) { second in
        try second.press("Up")
        try second.waitFor("litesh> SELECT 'from the first session';")
      }
    }
  }

  @Test("LITESH_HISTORY names the file and an empty value disables it")
  func historyOverride() throws {
    try withREPL(environment: ["LITESH_HISTORY": ""]) { disabled in
      try disabled.run("SELECT 1;")
      try disabled.endWithControlD()
      #expect(!FileManager.default.fileExists(atPath: disabled.home + "/.litesh_history"))
    }
  }

  /// History was lost without a word when its file could not be written.
  @Test("a history file that cannot be written is reported once, and the shell goes on")
  func historyUnwritable() throws {
    try withREPL(arguments: ["-list"], environment: ["LITESH_HISTORY": "/nonexistent/dir/h"]) {
      terminal in
      try terminal.run("SELECT 'one';", expecting: "\none")
      try terminal.run("SELECT 'two';", expecting: "\ntwo")
      #expect(terminal.occurrences(of: "cannot save history to /nonexistent/dir/h") == 1)
      #expect(terminal.screen().contains("No such file or directory"))
    }
  }

  @Test("shows errors in colour on a terminal without NO_COLOR")
  func colorErrors() throws {
    try withREPL { terminal in
      try terminal.run("SELECT * FROM nosuch;", expecting: "no such table")
      #expect(terminal.screen(escapes: true).contains("\u{1B}[31m"))
    }
  }

  @Test("prints no escape codes with NO_COLOR")
  func noColor() throws {
    try withREPL(environment: ["NO_COLOR": "1"]) { terminal in
      try terminal.run(".headers on")
      try terminal.run("SELECT NULL AS n, 'x' AS v;")
      try terminal.run("SELECT * FROM nosuch;", expecting: "no such table")
      #expect(!terminal.screen(escapes: true).contains("\u{1B}["))
    }
  }

  @Test("aligns a wide-character value in box mode on the terminal")
  func wideCharactersInBox() throws {
    try withREPL { terminal in
      try terminal.run(".mode box")
      try terminal.run("SELECT '日本語' AS word UNION ALL SELECT 'abcdef';", expecting: "└")
      let lines = terminal.screen().split(separator: "\n").filter {
        $0.hasPrefix("│") || $0.hasPrefix("┌") || $0.hasPrefix("└")
      }
      #expect(lines.count >= 4)
      let widths = Set(
        lines.map { line in
          line.unicodeScalars.reduce(0) { $0 + (($1.value >= 0x3000 && $1.value < 0xA000) ? 2 : 1) }
        })
      #expect(widths.count == 1, "box lines differ in display width: \(lines)")
    }
  }
}
