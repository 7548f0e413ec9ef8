import Foundation
import SQLiteShell
import TestSupport
import Testing

/// `--readers N` and `.readers N` in the config file, through the launcher.
@Suite("ReadersOption")
struct ReadersOptionTests {
  private static func launch(
    _ arguments: [String], input: String, home: String, config: String? = nil
  ) -> (output: String, errors: String, status: Int32) {
    DisplayDefaultTests.launch(
      arguments, input: input, person: false, home: home, config: config)
  }

  @Test(
    "--readers refuses what is not a count before anything runs", arguments: ["x", "-3", "2.5", ""])
  func refusesBadValue(_ value: String) throws {
    try ScratchDirectory.with("litesh-readers-option") { home in
      let run = Self.launch(
        ["--readers", value, home.path("test.db")], input: "CREATE TABLE t(a);\n", home: home.root)
      #expect(
        run.errors == "litesh: Error: --readers needs a number of readers, not \"\(value)\"\n")
      #expect(run.output == "")
      #expect(run.status == 1)
      #expect(!FileManager.default.fileExists(atPath: home.path("test.db")))
    }
  }

  @Test("--readers and .readers above the cap say once that they use the cap")
  func capped() throws {
    try ScratchDirectory.with("litesh-readers-cap") { home in
      let run = Self.launch(
        ["--readers", "100", home.path("test.db")], input: "CREATE TABLE t(a);\n.readers 65\n",
        home: home.root)
      #expect(
        run.errors
          == "readers: 64 at most; using 64\nlitesh: database switched to WAL for 64 readers\n"
          + "readers: 64 at most; using 64\n")
      #expect(run.status == 0)
    }
  }

  @Test(".readers N in the config file is as quiet as --readers N")
  func configFile() throws {
    try ScratchDirectory.with("litesh-readers-config") { home in
      let config = home.path("config")
      try ".readers 2\n".write(toFile: config, atomically: true, encoding: .utf8)
      let memory = Self.launch([], input: "SELECT 1;\n", home: home.root, config: config)
      #expect(memory.errors == "")
      #expect(memory.output == "1\n")
      #expect(memory.status == 0)
      // A new file, then the same file again (open before the config file runs).
      for note in ["litesh: database switched to WAL for 2 readers\n", ""] {
        let run = Self.launch(
          [home.path("test.db")], input: "CREATE TABLE IF NOT EXISTS t(a);\n.readers\n",
          home: home.root, config: config)
        #expect(run.errors == note)
        #expect(run.output.hasPrefix("     readers: 2 ("))
        #expect(run.status == 0)
      }
      let existing = home.path("rollback.db")
      _ = Self.launch([existing], input: "CREATE TABLE t(a);\n", home: home.root)
      let run = Self.launch([existing], input: ".readers\n", home: home.root, config: config)
      #expect(run.errors == "litesh: database switched to WAL for 2 readers\n")
      #expect(run.output.hasPrefix("     readers: 2 ("))
    }
  }

  /// The line's reopen dropped what ran on the connection before it: ~/.sqliterc's
  /// `PRAGMA foreign_keys=ON` was off again, earlier config lines lost (review13b).
  @Test(".readers N in the config file keeps what ~/.sqliterc and earlier lines set")
  func configKeepsConnectionState() throws {
    try ScratchDirectory.with("litesh-readers-state") { home in
      let config = home.path("config")
      try ".parameter set @x 42\n.readers 2\n".write(
        toFile: config, atomically: true, encoding: .utf8)
      try "PRAGMA foreign_keys=ON;\n".write(
        toFile: home.path(".sqliterc"), atomically: true, encoding: .utf8)
      let database = home.path("state.db")
      _ = Self.launch([database], input: "CREATE TABLE t(a);\n", home: home.root)
      let run = Self.launch(
        [database], input: "PRAGMA foreign_keys;\nSELECT @x;\n.readers\n", home: home.root,
        config: config)
      #expect(run.output.hasPrefix("1\n42\n     readers: 2 ("), "\(run)")
      #expect(run.status == 0)
    }
  }
}
