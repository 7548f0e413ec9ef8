import Foundation
import SQLiteCore
import SQLiteShell
import TestSupport
import Testing

/// `.clone` where litesh fixes sqlite3 3.40.1 (the shared behaviour is a compatibility case).
@Suite("CloneCommand")
struct CloneCommandTests {
  @Test("a table named with a double quote keeps its rows; sqlite_sequence is not doubled")
  func quotedNamesAndSequence() throws {
    try ScratchDirectory.withFile("c.db", prefix: "litesh-clone") { path in
      let result = ShellHarness().run(
        "CREATE TABLE \"d\"\"q\"(x UNIQUE); INSERT INTO \"d\"\"q\" VALUES (1), (2);\n"
          + "CREATE TABLE au(id INTEGER PRIMARY KEY AUTOINCREMENT, v);\n"
          + "INSERT INTO au(v) VALUES ('a'), ('b');\n.clone \(path)\n")
      #expect(result.output == "d\"q... done\nau... done\nsqlite_sequence... done\n")
      #expect(result.errors.hasPrefix("Error: object name reserved for internal use"))
      let clone = try Connection(path: path)
      #expect(try clone.scalar("SELECT group_concat(x) FROM \"d\"\"q\"") == "1,2")
      #expect(try clone.scalar("SELECT group_concat(name || seq) FROM sqlite_sequence") == "au2")
      #expect(try clone.scalar("SELECT group_concat(v) FROM au") == "a,b")
    }
  }
}
