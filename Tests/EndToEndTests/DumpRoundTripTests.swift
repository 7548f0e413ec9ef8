import Foundation
import TestSupport
import Testing

/// `.dump` from litesh, loaded into a new file by litesh, gives the same database.
@Suite("Dump round trip")
struct DumpRoundTripTests {
  /// Runs litesh on `database` with `input` on stdin; returns stdout.
  static func litesh(_ database: String, input: String) throws -> String {
    try ProgramRun.run(Binary.litesh, [database], input: Array(input.utf8)).outputText
  }

  /// Every row of every table, in a fixed order, with storage classes and hex of each value:
  /// NUL characters, -0.0 and blobs all show.
  static let contentQuery = """
    SELECT 'T', name, sql FROM sqlite_schema ORDER BY name;
    SELECT id, typeof(i), i, typeof(r), hex(r), quote(r), typeof(s), hex(s), hex(b), typeof(n), quote(n) FROM t ORDER BY id;
    SELECT * FROM "odd name"; SELECT * FROM wr ORDER BY k; SELECT * FROM seq; SELECT * FROM sqlite_sequence;
    SELECT * FROM plain ORDER BY a; SELECT * FROM pk; SELECT * FROM hasrowid; SELECT * FROM g;
    SELECT hex(x), typeof(x) FROM nul ORDER BY rowid;

    """

  @Test("every storage class, odd names and NUL text survive .dump and reload")
  func roundTrip() throws {
    let directory = try ScratchDirectory("litesh-roundtrip")
    defer { directory.remove() }
    let source = directory.path("source.db")
    let copy = directory.path("copy.db")
    let setup =
      CompatibilityCases.richSchema
      + "CREATE TABLE nul(x);\nINSERT INTO nul VALUES('a'||char(0)||'b'), (char(0)), "
      + "(x'00'), ('line'||char(10)||char(0));\n"
    _ = try Self.litesh(source, input: setup)
    let dump = try Self.litesh(source, input: ".dump\n")
    #expect(dump.hasPrefix("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n"))
    #expect(dump.hasSuffix("COMMIT;\n"))
    _ = try Self.litesh(copy, input: dump)
    let original = try Self.litesh(source, input: ".mode quote\n" + Self.contentQuery)
    let reloaded = try Self.litesh(copy, input: ".mode quote\n" + Self.contentQuery)
    #expect(original.contains("'610062'"))
    #expect(original == reloaded)
    #expect(try Self.litesh(copy, input: ".dump\n") == dump)
  }
}
