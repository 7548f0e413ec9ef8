import Foundation
import SQLiteCore
import TestSupport
import Testing

@testable import SQLiteShell

@Suite("AppendedDatabase")
struct AppendedDatabaseTests {
  @Test("-append writes the trailer after the original bytes at the next multiple of 4096")
  func layout() throws {
    try ScratchDirectory.withFile("f", prefix: "appended") { path in
      let original = Array("original\n".utf8)
      try Data(original).write(to: URL(fileURLWithPath: path))
      let run = ShellHarness.launch(["-append", path, "CREATE TABLE t(x)", ".vfsname"])
      #expect(run.output == "apnd(4096)/unix\n")
      #expect(run.status == 0)
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
      #expect(bytes.starts(with: original))
      #expect(Array(bytes[4096..<4112]) == Array("SQLite format 3\0".utf8))
      #expect(bytes.count % 512 == 25)
      #expect(
        Array(bytes.suffix(25)) == Array("Start-Of-SQLite3-".utf8) + [0, 0, 0, 0, 0, 0, 16, 0])
      #expect(AppendedDatabase.isAppended(path))
    }
  }

  @Test("only a file with the trailer and without SQLite's header is opened through the VFS")
  func detection() throws {
    try ScratchDirectory.with("appended") { directory in
      let plain = directory.path("plain.db")
      _ = ShellHarness.launch([plain, "CREATE TABLE t(x)"])
      #expect(!AppendedDatabase.isAppended(plain))
      #expect(!AppendedDatabase.isAppended(directory.path("missing")))
      #expect(!AppendedDatabase.isAppended(":memory:"))
      let appended = directory.path("appended")
      try Data(
        "x".utf8 + Array(repeating: 0, count: 40) + Array("Start-Of-SQLite3-".utf8)
          + Array(repeating: 0, count: 8)
      ).write(to: URL(fileURLWithPath: appended))
      #expect(AppendedDatabase.isAppended(appended))
      let chosen = AppendedDatabase.options(for: appended, .default, deserializes: false)
      #expect(chosen.vfs == "apndvfs")
      #expect(AppendedDatabase.options(for: appended, .readOnly, deserializes: false).vfs == nil)
      #expect(AppendedDatabase.options(for: appended, .default, deserializes: true).vfs == nil)
      #expect(AppendedDatabase.options(for: plain, .default, deserializes: false).vfs == nil)
    }
  }

  @Test("readers are refused for an appended database, even one that starts with the header")
  func noReaders() throws {
    try ScratchDirectory.withFile("empty", prefix: "appended") { path in
      _ = FileManager.default.createFile(atPath: path, contents: nil)
      let made = ShellHarness.launch(["-append", path, "CREATE TABLE t(x)"])
      #expect(made.status == 0)
      let before = try Data(contentsOf: URL(fileURLWithPath: path))
      let run = ShellHarness.launch([path, ".readers 2"])
      #expect(run.errors == "Error: cannot use readers with a database appended to another file\n")
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
  }
}
