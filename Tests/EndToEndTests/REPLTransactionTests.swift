import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The REPL in a real terminal: the prompt shows the transaction, and leaving with one open
/// (Ctrl-D, SIGTERM) rolls it back with a warning.
@Suite("REPL transactions", .enabled(if: REPLTerminal.isAvailable))
struct REPLTransactionTests {
  private static let warning = "litesh: warning: transaction open "

  /// Opens a database in the terminal's home, creates `t` and inserts a row inside `.begin`;
  /// returns the database path.
  private func openTransaction(_ terminal: REPLTerminal) throws -> String {
    let path = terminal.home + "/tx.db"
    try terminal.waitFor("litesh> ")
    try terminal.run(".open \(path)")
    try terminal.run("CREATE TABLE t(a);")
    try terminal.run(".begin")
    try terminal.run("INSERT INTO t VALUES(1);")
    return path
  }

  @Test("the main prompt shows an open transaction and its savepoint depth")
  func promptStates() throws {
    try withREPL(arguments: [":memory:"], prompt: "litesh> ") { terminal in
      try terminal.run("CREATE TABLE t(a);")
      try terminal.run(".begin")
      #expect(terminal.lastLine() == "litesh[tx]> ")
      try terminal.run("SAVEPOINT a;")
      try terminal.run(".savepoint b")
      #expect(terminal.lastLine() == "litesh[tx:2]> ")
      try terminal.run(".rollback a")
      #expect(terminal.lastLine() == "litesh[tx:1]> ")
      // Custom prompts: no prompt count to wait on, so wait for the prompt itself.
      try terminal.type(".prompt 'db$ '")
      try terminal.press("Enter")
      try terminal.waitFor("db$ [tx:1] ")
      try terminal.type(".prompt 'sql> '")
      try terminal.press("Enter")
      try terminal.waitFor("sql[tx:1]> ")
      try terminal.type(".prompt 'litesh> '")
      try terminal.press("Enter")
      // "litesh[tx:1]> " is already further up: wait for it as the newest line.
      try terminal.waitForLastLine("litesh[tx:1]> ")
      try terminal.run("COMMIT;")
      #expect(terminal.lastLine() == "litesh> ")
    }
  }

  @Test("Ctrl-D with a transaction open rolls it back and says so")
  func controlD() throws {
    try withREPL(prompt: nil) { terminal in
      let path = try openTransaction(terminal)
      try terminal.endWithControlD()
      #expect(
        terminal.screen().contains(
          Self.warning + "at end of input was rolled back; nothing was committed"))
      #expect(try committedRows(path) == "0\n")
    }
  }

  @Test("SIGTERM at the prompt rolls back, saves history and ends only litesh")
  func terminate() throws {
    try withREPL(prompt: nil) { terminal in
      let path = try openTransaction(terminal)
      try terminal.run(".system echo litesh-pid=$PPID")
      let screen = terminal.screen()
      let marker = try #require(screen.range(of: "litesh-pid=", options: .backwards))
      let pid = try #require(Int32(screen[marker.upperBound...].prefix { $0.isNumber }))
      kill(pid, SIGTERM)
      try terminal.waitFor("LITESH-EXITED")
      #expect(
        terminal.screen().contains(
          Self.warning + "on SIGTERM was rolled back; nothing was committed"))
      #expect(try committedRows(path) == "0\n")
      let history = try String(contentsOfFile: terminal.home + "/.litesh_history", encoding: .utf8)
      #expect(history.contains("INSERT\\040INTO\\040t"))
    }
  }

  private func committedRows(_ path: String) throws -> String {
    let reader = try Coprocess(Binary.sqlite3, [path])
    reader.send("SELECT count(*) FROM t;\n")
    return try reader.finish().output
  }
}
