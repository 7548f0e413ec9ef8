import SQLiteCore
import TestSupport
import Testing

@testable import SQLiteShell

#if canImport(Glibc)
import Glibc
#endif

@Suite("Transaction commands")
struct TransactionCommandsTests {
  /// A database file in a fresh directory, removed (with its journal) when the test ends.
  final class ScratchDatabase {
    let directory: ScratchDirectory
    var path: String { directory.path("test.db") }

    init() throws {
      directory = try ScratchDirectory("litesh-tx")
    }

    /// `SELECT group_concat(a) FROM t` on a fresh connection: what is committed.
    func committed() throws -> String {
      let connection = try Connection(path: path)
      return try connection.scalar("SELECT ifnull(group_concat(a), '') FROM t", as: String.self)
        ?? "<none>"
    }
  }

  private func shell(_ database: ScratchDatabase) throws -> ShellHarness {
    var state = ShellState()
    state.databasePath = database.path
    let harness = ShellHarness(state: state)
    harness.shell.processLine("CREATE TABLE IF NOT EXISTS t(a);")
    return harness
  }

  @Test("the dot-commands open, nest, roll back to, release and commit")
  func dotCommands() throws {
    let database = try ScratchDatabase()
    let harness = try shell(database)
    let shell = harness.shell
    shell.processLine(".begin immediate")
    #expect(shell.transactions.origin == .begin(.immediate))
    shell.processLine("INSERT INTO t VALUES(1);")
    shell.processLine(".savepoint a")
    shell.processLine("INSERT INTO t VALUES(2);")
    shell.processLine(".savepoint b")
    shell.processLine("INSERT INTO t VALUES(3);")
    #expect(shell.transactions.savepoints == ["a", "b"])
    #expect(shell.transactions.promptMarker == "[tx:2]")
    shell.processLine(".rollback a")
    #expect(shell.transactions.savepoints == ["a"])
    shell.processLine("INSERT INTO t VALUES(4);")
    shell.processLine(".release a")
    #expect(shell.transactions.savepoints.isEmpty && shell.transactions.isOpen)
    #expect(try database.committed() == "")
    shell.processLine(".commit")
    #expect(!shell.transactions.isOpen)
    #expect(try database.committed() == "1,4")
    #expect(harness.errors.capturedText == "")
    #expect(shell.exitStatus == 0)
  }

  @Test("typed SQL is tracked as the dot-commands are")
  func typedSQL() throws {
    let database = try ScratchDatabase()
    let harness = try shell(database)
    let shell = harness.shell
    shell.processLine("BEGIN EXCLUSIVE; INSERT INTO t VALUES(1); SAVEPOINT x;")
    #expect(shell.transactions.origin == .begin(.exclusive))
    #expect(shell.transactions.savepoints == ["x"])
    shell.processLine("SAVEPOINT \"y\"; ROLLBACK TO x;")
    #expect(shell.transactions.savepoints == ["x"])
    shell.processLine("RELEASE SAVEPOINT X;")
    #expect(shell.transactions.savepoints.isEmpty && shell.transactions.isOpen)
    shell.processLine("END;")
    #expect(!shell.transactions.isOpen)
    #expect(try database.committed() == "1")
  }

  @Test("releasing the savepoint that opened the transaction commits it")
  func releaseOutermost() throws {
    let database = try ScratchDatabase()
    let harness = try shell(database)
    harness.shell.processLine(".savepoint outer")
    harness.shell.processLine("INSERT INTO t VALUES(7);")
    harness.shell.processLine(".savepoint inner")
    #expect(harness.shell.transactions.origin == .savepoint)
    harness.shell.processLine(".release outer")
    #expect(!harness.shell.transactions.isOpen)
    #expect(try database.committed() == "7")
  }

  @Test("a transaction SQLite rolls back on its own is not shown as open")
  func conflictRollback() throws {
    let database = try ScratchDatabase()
    let harness = try shell(database)
    let shell = harness.shell
    shell.processLine("CREATE TABLE u(a UNIQUE ON CONFLICT ROLLBACK);")
    shell.processLine("BEGIN; INSERT INTO u VALUES(1);")
    shell.processLine(".savepoint s")
    #expect(shell.transactions.isOpen)
    shell.processLine("INSERT INTO u VALUES(1);")
    #expect(!shell.transactions.isOpen)
    #expect(harness.errors.capturedText.contains("UNIQUE constraint failed: u.a (19)"))
    shell.processLine(".commit")
    #expect(harness.errors.capturedText.hasSuffix(".commit: no transaction is open\n"))
  }

  @Test(
    "misuse is an error that says what and where",
    arguments: [
      (".commit", "Error near line 1: .commit: no transaction is open\n"),
      (".rollback", "Error near line 1: .rollback: no transaction is open\n"),
      (".release a", "Error near line 1: .release: no transaction is open\n"),
      (
        ".begin later",
        "Error near line 1: .begin: unknown transaction kind \"later\""
          + " (expected deferred, immediate or exclusive)\n"
      ),
      (
        ".begin\n.begin",
        "Error near line 2: .begin: a transaction is already open;"
          + " .commit or .rollback it first, or nest with .savepoint\n"
      ),
      (
        ".begin\n.savepoint a\n.rollback b",
        "Error near line 3: .rollback: no savepoint named \"b\" (open: a)\n"
      ),
      (
        ".begin\n.release a",
        "Error near line 2: .release: no savepoint named \"a\" (none is open)\n"
      ),
      (".savepoint", "Usage: .savepoint NAME\n"),
      (".commit now", "Usage: .commit\n"),
      (".begin a b", "Usage: .begin ?deferred|immediate|exclusive?\n"),
    ])
  func misuse(script: String, message: String) {
    let harness = ShellHarness()
    let (_, errors) = harness.run(script + "\n.rollback\n")
    #expect(errors.hasPrefix(message))
    #expect(harness.shell.exitStatus == 1)
  }

  @Test("errors have no line number when interactive, and -bail stops after one")
  func interactiveAndBail() {
    var state = ShellState()
    state.isInteractive = true
    let (_, errors) = ShellHarness(state: state).run(".commit\n")
    #expect(errors == "Error: .commit: no transaction is open\n")
    let bail = ShellHarness()
    let result = bail.run(".bail on\n.commit\nSELECT 1;\n")
    #expect(result.output == "")
  }

  @Test("a failing COMMIT reports the SQL error as typed SQL does and stays open")
  func failingCommit() throws {
    let database = try ScratchDatabase()
    let harness = try shell(database)
    let shell = harness.shell
    shell.processLine("PRAGMA foreign_keys=ON;")
    shell.processLine("CREATE TABLE p(id PRIMARY KEY);")
    shell.processLine(
      "CREATE TABLE c(p REFERENCES p(id) DEFERRABLE INITIALLY DEFERRED);")
    shell.processLine(".begin")
    shell.processLine("INSERT INTO c VALUES(9);")
    shell.processLine(".commit")
    #expect(harness.errors.capturedText.contains("FOREIGN KEY constraint failed (19)"))
    #expect(shell.transactions.isOpen)
    shell.processLine(".rollback")
    #expect(!shell.transactions.isOpen)
  }
}
