import Foundation
import TestSupport
import Testing

/// The REPL's terminal niceties in a real terminal (tmux): pager, `.edit`, colour, resize,
/// long lines and non-ASCII input.
@Suite(
  "REPL niceties", .serialized, .enabled(if: REPLTerminal.isAvailable, "tmux is not installed"))
struct REPLNicetiesTests {
  /// A home directory holding a pager and an editor script that leave marks in it.
  private static func homeWithScripts() throws -> String {
    let home = NSTemporaryDirectory() + "litesh-niceties-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    let pager = "#!/bin/sh\necho used >> '\(home)/pager-used'\ncat\n"
    let editor =
      "#!/bin/sh\nstat -c %a \"$1\" > '\(home)/edit-mode'\n"
      + "sed -i 's/before/after/; s/$/;/' \"$1\"\n"
    try writeExecutableScript(pager, to: home + "/pager.sh")
    try writeExecutableScript(editor, to: home + "/editor.sh")
    return home
  }

  private static func scripts(_ home: String) -> [String: String] {
    ["PAGER": home + "/pager.sh", "EDITOR": home + "/editor.sh", "VISUAL": ""]
  }

  @Test("pages a result that overflows the screen, and not one that fits")
  func pager() throws {
    let home = try Self.homeWithScripts()
    try withREPL(
      arguments: ["-list"], environment: Self.scripts(home), home: home, height: 20
    ) { terminal in
      let marker = home + "/pager-used"
      try terminal.run(".pager auto")
      try terminal.run("SELECT 'fits-' || 1;", expecting: "fits-1")
      #expect(!FileManager.default.fileExists(atPath: marker))
      try terminal.run(
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x<60) "
          + "SELECT 'row-' || x FROM c;")
      try terminal.waitFor("row-60")
      #expect(FileManager.default.fileExists(atPath: marker))
      try terminal.run("SELECT 'still-' || 'here';", expecting: "\nstill-here")
    }
  }

  @Test(
    "quitting the default pager early drops the rest quietly and the shell goes on",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/less")))
  func pagerQuit() throws {
    try withREPL(arguments: ["-list"], environment: ["PAGER": ""], height: 20) { terminal in
      try terminal.run(".pager auto")
      try terminal.type(
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x<1000000) "
          + "SELECT 'row-' || x FROM c;")
      let prompts = terminal.promptCount()
      try terminal.press("Enter")
      try terminal.waitUntil("less's prompt", timeout: 10) {
        terminal.screen().split(separator: "\n").last == ":"
      }
      try terminal.press("q")
      try terminal.waitUntil("the next prompt", timeout: 10) { terminal.promptCount() > prompts }
      try terminal.run("SELECT 'after-' || 'the-pager';", expecting: "\nafter-the-pager")
      #expect(!terminal.screen().contains("interrupted"))
      #expect(!terminal.screen().contains("row-999999"))
    }
  }

  /// Nothing draws over less while it waits for a key.
  ///
  /// A result longer than the window goes to less, which waits for a key with the result's
  /// writes blocked: that is not work, and the progress line ("running 2.4 s") drew over less's
  /// prompt. It must not come within twice its delay.
  @Test(
    "the progress line never draws over the pager",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/less")))
  func progressLineAndPager() throws {
    try withREPL(arguments: ["-list"], environment: ["PAGER": ""], height: 20) { terminal in
      try terminal.run(".pager on")
      try terminal.type(
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x<200000) "
          + "SELECT 'row-' || x FROM c;")
      let prompts = terminal.promptCount()
      try terminal.press("Enter")
      try terminal.waitUntil("less's prompt", timeout: 10) {
        terminal.screen().split(separator: "\n").last == ":"
      }
      #expect(throws: REPLTimeout.self) {
        try terminal.waitUntil("a progress line", timeout: 2.5) {
          terminal.screen().contains("running")
        }
      }
      try terminal.press("q")
      try terminal.waitUntil("the next prompt", timeout: 10) { terminal.promptCount() > prompts }
    }
  }

  /// The shell would say "not found" and read nothing: the result used to be lost.
  @Test("a pager that is not installed is reported once and results are shown without it")
  func missingPager() throws {
    let pager = "no-such-pager-\(getpid())"
    try withREPL(arguments: ["-list"], environment: ["PAGER": pager]) { terminal in
      try terminal.run(".pager on")
      try terminal.run("SELECT 'shown-' || 'anyway';", expecting: "\nshown-anyway")
      try terminal.run("SELECT 'shown-' || 'again';", expecting: "\nshown-again")
      #expect(terminal.occurrences(of: "the pager \"\(pager)\" was not found") == 1)
      #expect(!terminal.screen().contains("sh: 1:"))
    }
  }

  @Test(".edit runs the last statement as the editor left it, from a file of mode 0600")
  func editLast() throws {
    let home = try Self.homeWithScripts()
    try withREPL(arguments: ["-list"], environment: Self.scripts(home), home: home) { terminal in
      try terminal.run("SELECT 'before' || '-last';", expecting: "\nbefore-last")
      try terminal.run(".edit", expecting: "\nafter-last")
      let mode = try String(contentsOfFile: home + "/edit-mode", encoding: .utf8)
      #expect(mode == "600\n")
      try terminal.press("Up")
      try terminal.waitFor("litesh> SELECT 'after' || '-last';;")
    }
  }

  @Test(".edit on a pending statement edits that statement and runs it")
  func editPending() throws {
    let home = try Self.homeWithScripts()
    try withREPL(arguments: ["-list"], environment: Self.scripts(home), home: home) { terminal in
      try terminal.type("SELECT 'before' || '-pending'")
      try terminal.enter()
      try terminal.waitFor("   ...>")
      try terminal.run(".edit", expecting: "\nafter-pending")
      #expect(!terminal.screen().contains("\nbefore-pending"))
    }
  }

  @Test(
    "colours headers and NULLs on a terminal unless NO_COLOR or .color off",
    arguments: [
      ([String: String](), "", true), (["NO_COLOR": "1"], "", false),
      ([String: String](), ".color off", false), (["NO_COLOR": "1"], ".color on", true),
    ])
  func colour(environment: [String: String], command: String, coloured: Bool) throws {
    try withREPL(arguments: ["-list"], environment: environment) { terminal in
      if !command.isEmpty { try terminal.run(command) }
      try terminal.run(".headers on")
      try terminal.run(".nullvalue NULL")
      try terminal.run("SELECT NULL AS empty, 'x' AS v;", expecting: "\nNULL|x")
      // tmux re-encodes attributes (`ESC[0;2m` for dim after bold), so look for either form.
      let screen = terminal.screen(escapes: true)
      let has = { (code: String) in
        screen.contains("\u{1B}[\(code)m") || screen.contains("\u{1B}[0;\(code)m")
      }
      #expect(has("1") == coloured, "bold header")
      #expect(has("2") == coloured, "dim NULL")
      #expect(screen.contains("\u{1B}[") == coloured)
    }
  }

  @Test("a resize while typing keeps the line intact")
  func resize() throws {
    try withREPL(arguments: ["-list"]) { terminal in
      try terminal.type("SELECT 'resized-' || 'before-")
      try terminal.resize(width: 40, height: 20)
      try terminal.type("and-after' || '-the-resize';")
      try terminal.resize(width: 120, height: 30)
      try terminal.enter()
      try terminal.waitFor("\nresized-before-and-after-the-resize")
    }
  }

  @Test("a line longer than two screen widths runs intact")
  func longLine() throws {
    try withREPL(arguments: ["-list"], width: 80) { terminal in
      let payload =
        (0..<30).map { "w\($0)" }.joined(separator: "-") + String(repeating: "z", count: 100)
      #expect(payload.count > 160)
      try terminal.run("SELECT '\(payload)' || '-end';", expecting: "\n\(payload)-end")
    }
  }

  @Test("non-ASCII input runs intact")
  func nonASCII() throws {
    try withREPL(arguments: ["-list"]) { terminal in
      try terminal.run("SELECT 'héllo→日本' || '-ü';", expecting: "\nhéllo→日本-ü")
    }
  }

  @Test("with its output piped (litesh | tee log) the REPL still shows its prompts, as sqlite3's")
  func outputPiped() throws {
    try withREPL(arguments: [":memory:"], pipingOutputTo: "cat") { terminal in
      try terminal.run("SELECT 40 + 2;", expecting: "\n42")
      try terminal.waitFor("\n42\nlitesh> ")
      #expect(terminal.promptCount() == 2)
    }
  }
}
