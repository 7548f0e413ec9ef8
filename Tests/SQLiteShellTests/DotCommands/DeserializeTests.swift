import Foundation
import SQLiteCore
import SQLiteShell
import TestSupport
import Testing

/// `-deserialize` and `.open --deserialize` where litesh goes past sqlite3 3.40.1 (the shared
/// behaviour is in the compatibility cases): WAL files, `--maxsize` on `.open`, readers.
@Suite("Deserialize")
struct DeserializeTests {
  @Test("a WAL database loads with the commits still in its -wal file; the file is untouched")
  func walFile() throws {
    try ScratchDirectory.withFile("w.db", prefix: "litesh-deserialize") { path in
      let writer = try Connection(path: path)
      try writer.execute("PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0")
      try writer.execute("CREATE TABLE t(a); INSERT INTO t VALUES (1), (2), (3)")
      #expect(FileManager.default.fileExists(atPath: path + "-wal"))
      let harness = ShellHarness()
      let result = harness.run(
        ".open --deserialize \(path)\nSELECT count(*) FROM t;\nDELETE FROM t;\n"
          + "PRAGMA journal_mode;\nSELECT count(*) FROM t;\n")
      #expect(result.errors == "")
      #expect(result.output == "3\nmemory\n0\n")
      #expect(try writer.scalar("SELECT count(*) FROM t") == 3)
    }
  }

  @Test(".open --maxsize limits the copy as -maxsize does")
  func openMaxSize() throws {
    try ScratchDirectory.withFile("m.db", prefix: "litesh-deserialize") { path in
      try Connection(path: path).execute("CREATE TABLE t(a)")
      let result = ShellHarness().run(
        ".open --maxsize 9000 --deserialize \(path)\n"
          + "INSERT INTO t VALUES (randomblob(20000));\nSELECT count(*) FROM t;\n")
      #expect(result.errors.contains("database or disk is full"))
      #expect(result.output == "0\n")
    }
  }

  @Test("readers are refused on a deserialized copy, which is not a file")
  func readers() throws {
    try ScratchDirectory.withFile("r.db", prefix: "litesh-deserialize") { path in
      try Connection(path: path).execute("CREATE TABLE t(a)")
      let result = ShellHarness().run(".open --deserialize \(path)\n.readers 2\n")
      #expect(result.errors.hasPrefix("Error: cannot use readers with an in-memory"))
      #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }
  }
}
