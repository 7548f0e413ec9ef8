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
    let first = try REPLTerminal()
    let home = first.home
    defer { try? FileManager.default.removeItem(atPath: home) }
    let second = try REPLTerminal(home: home)
    try first.waitFor("litesh>")
    try second.waitFor("litesh>")
    try first.run("SELECT 'first one';")
    try second.run("SELECT 'second one';")
    try first.run("SELECT 'first two';")
    try second.run("SELECT 'second two';")
    try first.type(".quit")
    try first.press("Enter")
    try first.waitFor("LITESH-EXITED")
    try second.press("C-d")
    try second.waitFor("LITESH-EXITED")
    first.close(removingHome: false)
    second.close(removingHome: false)
    let text = try history(in: home)
    for entry in ["first one", "second one", "first two", "second two", ".quit"] {
      #expect(text.contains(entry), "missing \(entry) in \(text)")
    }
    let attributes = try FileManager.default.attributesOfItem(atPath: home + "/.litesh_history")
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: home)
      .filter { $0.hasPrefix(".litesh_history.") }
    #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
  }

  @Test("closing the terminal (SIGHUP) keeps every entry run before it")
  func hangUp() throws {
    let terminal = try REPLTerminal()
    let home = terminal.home
    defer { try? FileManager.default.removeItem(atPath: home) }
    try terminal.waitFor("litesh>")
    try terminal.run("SELECT 'before hangup';")
    try terminal.run("SELECT 'just before';")
    try terminal.type("SELECT 'typed, not run'")
    terminal.close(removingHome: false)  // kill-server: the pane gets SIGHUP
    let text = try history(in: home)
    #expect(text.contains("before hangup"))
    #expect(text.contains("just before"))
    #expect(!text.contains("typed, not run"))
  }
}
