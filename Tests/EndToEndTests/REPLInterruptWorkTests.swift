import Foundation
import Glibc
import SQLiteCore
import TestSupport
import Testing

/// Ctrl-C at the REPL stops the work a dot-command runs, not only the statement it is on.
@Suite(
  "REPL interrupts scripts and imports", .serialized,
  .enabled(if: REPLTerminal.isAvailable, "tmux is not installed"))
struct REPLInterruptWorkTests {
  /// sqlite3 reads no further line of a `.read` script after Ctrl-C; the SQL after it used to
  /// fail one statement at a time ("interrupted") while its dot-commands still ran.
  @Test("Ctrl-C during .read stops the script: no later line runs, SQL or dot-command")
  func interruptRead() throws {
    try withREPL(arguments: ["-list"]) { terminal in
      let script = terminal.home + "/script.sql"
      try """
      SELECT 'first' || '-line';
      WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c;
      CREATE TABLE later(a);
      .print printed-after
      SELECT 'selected' || '-after';

      """.write(toFile: script, atomically: true, encoding: .utf8)
      let prompts = try terminal.interrupt(".read \(script)", timeout: 5)
      try terminal.waitUntil("the next prompt", timeout: 5) { terminal.promptCount() > prompts }
      let screen = terminal.screen()
      #expect(screen.contains("first-line"))
      #expect(screen.components(separatedBy: "interrupted").count == 2, "one error: \(screen)")
      #expect(!screen.contains("printed-after"))
      #expect(!screen.contains("selected-after"))
      try terminal.run("SELECT count(*) FROM sqlite_schema WHERE name = 'later';", expecting: "\n0")
    }
  }

  /// Ctrl-C while the import waits between two rows' steps ends it.
  ///
  /// The file is a FIFO the test writes: the import waits in a read, between two rows' steps,
  /// when Ctrl-C comes. SQLite forgets an interrupt that comes while no statement runs, so
  /// litesh's import used to run on to the end; now it stops at the next row and is rolled back
  /// whole, as a malformed import is (sqlite3 keeps the rows before the interrupt).
  @Test("Ctrl-C during .import stops it at the next row and imports nothing")
  func interruptImport() throws {
    try withREPL(arguments: ["-list"]) { terminal in
      let fifo = terminal.home + "/rows.csv"
      #expect(mkfifo(fifo, 0o600) == 0)
      try terminal.run("CREATE TABLE t(a, b);")
      let prompts = terminal.promptCount()
      try terminal.type(".import --csv \(fifo) t")
      try terminal.press("Enter")
      var writer: Int32 = -1
      try terminal.waitUntil("litesh opening the FIFO", timeout: 10) {
        writer = open(fifo, O_WRONLY | O_NONBLOCK)
        return writer >= 0
      }
      defer { close(writer) }
      _ = fcntl(writer, F_SETFL, 0)
      func write(rows: ClosedRange<Int>) {
        let text = rows.map { "\($0),row \($0)\n" }.joined()
        _ = text.withCString { Glibc.write(writer, $0, strlen($0)) }
      }
      write(rows: 1...100)
      try terminal.waitFor("running")  // the import is under way, waiting for more rows
      try terminal.press("C-c")
      try terminal.waitFor("^C")  // the terminal sent SIGINT
      write(rows: 101...2_000)
      close(writer)
      writer = -1
      try terminal.waitUntil("the next prompt", timeout: 10) { terminal.promptCount() > prompts }
      #expect(terminal.screen().contains("interrupted; nothing was imported"))
      try terminal.run("SELECT 'count:' || count(*) FROM t;", expecting: "count:0")
    }
  }

  /// The Ctrl-C also stops the `|command` the rows come from (one process group), so the input
  /// ends right after it: that end must not commit the rows read before.
  @Test("Ctrl-C that ends a command's input during .import still imports nothing")
  func interruptImportFromCommand() throws {
    try withREPL(arguments: ["-list"]) { terminal in
      try terminal.run("CREATE TABLE t(a);")
      let prompts = try terminal.interrupt(
        ".import --csv '|seq 1 5; sleep 60' t", expecting: "nothing was imported", timeout: 5)
      try terminal.waitUntil("the next prompt", timeout: 5) { terminal.promptCount() > prompts }
      try terminal.run("SELECT 'count:' || count(*) FROM t;", expecting: "count:0")
    }
  }

  /// `sqlite3_interrupt` does not reach SQLite's busy handler, which slept out the whole
  /// `.timeout` under a progress line that said Ctrl-C would interrupt.
  @Test("Ctrl-C ends a wait for a lock another process holds")
  func interruptLockWait() throws {
    let directory = NSTemporaryDirectory() + "litesh-lock-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/locked.db"
    let holder = try Connection(path: path)
    try holder.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1); BEGIN EXCLUSIVE")
    try withREPL(arguments: [path, "-list"]) { terminal in
      try terminal.run(".timeout 60000")
      let prompts = try terminal.interrupt(
        "DELETE FROM t;", expecting: "database is locked", timeout: 5)
      try terminal.waitUntil("the next prompt", timeout: 5) { terminal.promptCount() > prompts }
      try holder.execute("COMMIT")
      try terminal.run("SELECT 'count:' || count(*) FROM t;", expecting: "count:1")
    }
    try holder.close()
  }

  /// SQLite rolls back the whole transaction when a statement that writes is interrupted in
  /// it; the prompt's `[tx]` going was the only sign of it.
  @Test("a write interrupted inside a transaction says the transaction was rolled back")
  func interruptedWriteEndsTransaction() throws {
    try withREPL(arguments: ["-list"]) { terminal in
      try terminal.run("CREATE TABLE t(x);")
      try terminal.run("BEGIN;")
      try terminal.run("INSERT INTO t VALUES (1);")
      let prompts = terminal.promptCount()
      try terminal.type(
        "INSERT INTO t WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c)"
          + " SELECT x FROM c;")
      try terminal.press("Enter")
      try terminal.waitFor("(Ctrl-C to interrupt)")
      // The progress line counts rows of output: a write has none, and says nothing of them.
      #expect(!terminal.lastLine().contains("rows"), "\(terminal.lastLine())")
      try terminal.press("C-c")
      try terminal.waitFor("nothing of it was committed", timeout: 5)
      try terminal.waitUntil("the next prompt", timeout: 5) { terminal.promptCount() > prompts }
      #expect(terminal.screen().contains("The open transaction was rolled back"))
      #expect(terminal.lastLine().hasPrefix("litesh> "), "the prompt still shows [tx]")
      try terminal.run("SELECT 'count:' || count(*) FROM t;", expecting: "count:0")
    }
  }
}
