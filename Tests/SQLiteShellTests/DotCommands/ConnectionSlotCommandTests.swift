import Foundation
import SQLiteCore
import SQLiteShell
import TestSupport
import Testing

/// `.connection` where litesh refuses what sqlite3 does unsafely, and how connections end.
@Suite("ConnectionSlotCommand")
struct ConnectionSlotCommandTests {
  private static let refusedInTransaction =
    "Error: cannot switch connections inside a transaction: commit or roll back first\n"

  @Test(
    "switching is refused while a transaction is open, typed or with .begin",
    arguments: [
      ("BEGIN;", "COMMIT;"), (".begin", ".commit"), ("SAVEPOINT s;", "RELEASE s;"),
    ])
  func refusedInsideTransaction(_ open: String, _ close: String) {
    let result = ShellHarness().run(
      "CREATE TABLE t(a);\n\(open)\nINSERT INTO t VALUES (1);\n.connection 1\n.connection\n"
        + "\(close)\n.connection 1\n.connection\n.connection 0\nSELECT count(*) FROM t;\n")
    #expect(result.errors == Self.refusedInTransaction)
    #expect(
      result.output
        == "ACTIVE 0: :memory:\n       0: :memory:\nACTIVE 1: (memory)\n1\n")
  }

  @Test("switching is refused while readers run, and allowed after .readers 0")
  func refusedWithReaders() throws {
    try ScratchDirectory.with("litesh-connection") { directory in
      let result = ShellHarness(path: directory.path("r.db"), readers: 2).run(
        "CREATE TABLE t(a);\n.connection 1\n.readers 0\n.connection 1\n.connection\n")
      #expect(
        result.errors.contains(
          "Error: cannot switch connections while readers are on: .readers 0 first\n"))
      #expect(result.output == "       0: \(directory.root)/r.db\nACTIVE 1: (memory)\n")
    }
  }

  @Test("closing the shell closes every connection, with the sessions each one has")
  func closeEndsEveryConnection() throws {
    try ScratchDirectory.with("litesh-connection") { directory in
      let harness = ShellHarness()
      let result = harness.run(
        ".connection 1\n.open \(directory.root)/w.db\nPRAGMA journal_mode=WAL;\n"
          + "CREATE TABLE t(a PRIMARY KEY);\n.session open main s\nINSERT INTO t VALUES (1);\n"
          + ".connection 2\n.open \(directory.root)/w.db\nINSERT INTO t VALUES (2);\n.connection 0\n"
      )
      #expect(result.output == "wal\n" && result.errors.isEmpty)
      #expect(FileManager.default.fileExists(atPath: directory.path("w.db-wal")))
      harness.shell.close()
      // The last connection to close checkpoints and removes the WAL file.
      #expect(!FileManager.default.fileExists(atPath: directory.path("w.db-wal")))
      let check = try Connection(path: directory.path("w.db"))
      #expect(try check.scalar("SELECT group_concat(a) FROM t") == "1,2")
    }
  }
}
