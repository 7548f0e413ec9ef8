import Foundation
import SQLiteCore
import SQLiteShell
import TestSupport
import Testing

/// `.session` beyond what the compatibility cases compare: the changeset it writes replays on
/// another database, and sessions record the writer when readers run.
@Suite("ChangeSessionCommand")
struct ChangeSessionCommandTests {
  private static let schema = "CREATE TABLE t(a INTEGER PRIMARY KEY, b);"

  /// Applies the changeset in `file` to a new in-memory database with the test schema.
  private func replay(_ file: String) throws -> Connection {
    let replica = try Connection()
    try replica.execute(Self.schema)
    let bytes = try #require(FileManager.default.contents(atPath: file))
    try replica.apply(changeset: Array(bytes))
    return replica
  }

  @Test("a changeset written by .session replays the changes on a second database")
  func changesetReplays() throws {
    try ScratchDirectory.with("litesh-session") { directory in
      let result = ShellHarness().run(
        Self.schema + "\n.session open main s\n"
          + "INSERT INTO t VALUES (1, 'one'), (2, 'two'), (3, x'ff');\n"
          + "UPDATE t SET b = 'uno' WHERE a = 1;\nDELETE FROM t WHERE a = 2;\n"
          + ".session changeset \(directory.root)/c.bin\n.session patchset \(directory.root)/p.bin\n"
      )
      #expect(result.errors.isEmpty && result.output.isEmpty)
      for file in ["c.bin", "p.bin"] {
        let replica = try replay(directory.path(file))
        #expect(
          try replica.scalar("SELECT group_concat(a || ':' || hex(b)) FROM t")
            == "1:756E6F,3:FF")
      }
    }
  }

  @Test("with readers, writes are recorded on the writer, and .readers waits for .session close")
  func readersAndSessions() throws {
    try ScratchDirectory.with("litesh-session") { directory in
      let result = ShellHarness(path: directory.path("r.db"), readers: 2).run(
        Self.schema + "\nINSERT INTO t VALUES (1, 'before');\n.session open main s\n"
          + "SELECT count(*) FROM t;\nINSERT INTO t VALUES (2, 'during');\n"
          + "SELECT b FROM t WHERE a = 2;\n.readers 0\n.session isempty\n"
          + ".session changeset \(directory.root)/c.bin\n.session close\n.readers 0\n")
      #expect(result.output == "1\nduring\nsession s isempty flag = 0\n")
      #expect(
        result.errors.contains(
          "Error: cannot change readers while sessions are open (.session close)\n"))
      #expect(result.errors.contains("litesh: readers off"))
      let replica = try replay(directory.path("c.bin"))
      #expect(try replica.scalar("SELECT group_concat(a || b) FROM t") == "2during")
    }
  }
}
