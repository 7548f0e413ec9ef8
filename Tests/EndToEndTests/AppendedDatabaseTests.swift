import Foundation
import TestSupport
import Testing

/// Databases appended to other files (`-append`): what one program writes, the other reads,
/// both ways, and the bytes before the database survive.
@Suite("Appended databases shared with sqlite3")
struct AppendedDatabaseTests {
  /// The original files: text, binary bytes that are not a multiple of 512, empty, missing.
  static let prefixes: [(name: String, bytes: [UInt8]?)] = [
    ("text", Array("#!/bin/sh\necho an executable with a database after it\n".utf8)),
    ("binary", (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }),
    ("empty", []),
    ("missing", nil),
  ]

  static let writes = [
    "-append", "f",
    "CREATE TABLE t(x, y)",
    "INSERT INTO t SELECT value, printf('%.*c', value % 300, 'x') FROM generate_series(1, 2000)",
    "DELETE FROM t WHERE x % 3 = 0", "CREATE INDEX ty ON t(y)",
  ]
  static let check = [
    "SELECT count(*), sum(x), sum(length(y)) FROM t", "PRAGMA integrity_check",
  ]
  static let expected = "1334|1334667|193467\nok\n"

  @Test(
    "a file litesh appended to is byte-identical to sqlite3's, and each reads the other's",
    arguments: prefixes.map(\.name))
  func bothWays(_ name: String) throws {
    let prefix = try #require(Self.prefixes.first { $0.name == name }).bytes
    var files: [String: [UInt8]] = [:]
    for (program, folder) in [(CompatibilityTests.sqlite3, "s"), (Binary.litesh, "l")] {
      let work = try ScratchDirectory("litesh-appended-" + folder)
      defer { work.remove() }
      if let prefix { try work.write("f", prefix) }
      let made = try BatchRun.run(program, Self.writes, in: work)
      #expect(made.status == 0, "\(program): \(made.errors)")
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: work.path("f"))))
      files[folder] = bytes
      if let prefix {
        // A one-byte file is reported as empty by SQLite's unix VFS; no prefix here is that.
        #expect(bytes.starts(with: prefix), "the original bytes were overwritten")
      }
      #expect(Array(bytes.suffix(25).prefix(17)) == Array("Start-Of-SQLite3-".utf8))
      // The other program reads it, with -append and without options.
      let other = program == Binary.litesh ? CompatibilityTests.sqlite3 : Binary.litesh
      for options in [["-append"], []] {
        let read = try BatchRun.run(other, options + ["f"] + Self.check, in: work)
        #expect(read.outputText == Self.expected, "\(other) \(options): \(read.errors)")
        #expect(read.status == 0)
      }
    }
    #expect(files["s"] == files["l"], "litesh's file differs from sqlite3's")
  }

  @Test("a database appended by sqlite3 takes writes from litesh that sqlite3 then reads")
  func writesToTheOthersFile() throws {
    let work = try ScratchDirectory("litesh-appended-writes")
    defer { work.remove() }
    let prefix = Array("original text\n".utf8)
    try work.write("f", prefix)
    let made = try BatchRun.run(CompatibilityTests.sqlite3, Self.writes, in: work)
    #expect(made.status == 0)
    let grown = try BatchRun.run(
      Binary.litesh,
      [
        "-append", "f", "INSERT INTO t SELECT x + 5000, y FROM t", "DELETE FROM t WHERE x < 100",
        "VACUUM",
      ], in: work)
    #expect(grown.status == 0, "\(grown.errors)")
    let read = try BatchRun.run(
      CompatibilityTests.sqlite3, ["-append", "f", "SELECT count(*) FROM t"] + [Self.check[1]],
      in: work)
    #expect(read.outputText == "2602\nok\n", "\(read.errors)")
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: work.path("f"))))
    #expect(bytes.starts(with: prefix))
  }
}
