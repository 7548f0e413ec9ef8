import Foundation
import TestSupport
import Testing

/// The history file survives two sessions at once and a closed terminal.
@Suite("REPL history", .serialized, .enabled(if: REPLTerminal.isAvailable, "tmux is not installed"))
struct REPLHistoryTests {
  /// The history file's text; libedit encodes a space as `\040`.
  private func history(in home: String) throws -> String {
    try String(contentsOfFile: home + "/.litesh_history", encoding: .utf8)
      .replacingOccurrences(of: "\\040", with: " ")
  }

  @Test("two sessions at once keep both sessions' entries")
  func twoSessions() throws {
    try ScratchDirectory.with("litesh-history") { home in
      try withREPL(home: home.root, keepingHome: true) { first in
        try withREPL(home: home.root, keepingHome: true) { second in
          try first.run("SELECT 'first one';")
          try second.run("SELECT 'second one';")
          try first.run("SELECT 'first two';")
          try second.run("SELECT 'second two';")
          try first.type(".quit")
          try first.press("Enter")
          try first.waitFor("LITESH-EXITED")
          try second.endWithControlD()
        }
      }
      let text = try history(in: home.root)
      for entry in ["first one", "second one", "first two", "second two", ".quit"] {
        #expect(text.contains(entry), "missing \(entry) in \(text)")
      }
      let attributes = try FileManager.default.attributesOfItem(
        atPath: home.path(".litesh_history"))
      #expect((attributes[.posixPermissions] as? Int) == 0o600)
      let leftovers = try home.fileNames().filter { $0.hasPrefix(".litesh_history.") }
      #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }
  }

  @Test("closing the terminal (SIGHUP) keeps every entry run before it")
  func hangUp() throws {
    try ScratchDirectory.with("litesh-history") { home in
      try withREPL(home: home.root, keepingHome: true) { terminal in
        try terminal.run("SELECT 'before hangup';")
        try terminal.run("SELECT 'just before';")
        try terminal.type("SELECT 'typed, not run'")
      }  // withREPL ends the tmux server (kill-server): the pane gets SIGHUP
      let text = try history(in: home.root)
      #expect(text.contains("before hangup"))
      #expect(text.contains("just before"))
      #expect(!text.contains("typed, not run"))
    }
  }
}
