import Foundation
import SQLiteCore
import Testing

@testable import SQLiteShell

/// `.dbinfo` without `sqlite_dbpage` (which the system library lacks, so sqlite3 3.40.1 fails
/// here): the header read from the pages, the `-wal` file's committed frames included.
@Suite("DotCommands: .dbinfo from the pages")
struct DbinfoTests {
  /// The value after `label` in `.dbinfo`'s output.
  private func field(_ output: String, _ label: String) -> String? {
    output.split(separator: "\n").first { $0.hasPrefix(label) }.map {
      String($0.dropFirst(label.count)).trimmingCharacters(in: .whitespaces)
    }
  }

  @Test("a WAL database's header fields, with uncheckpointed frames, match its PRAGMAs")
  func walDatabase() throws {
    let directory = NSTemporaryDirectory() + "litesh-dbinfo-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/w.db"
    let writer = try Connection(path: path)
    try writer.execute(
      "PRAGMA page_size = 1024; PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;"
        + " PRAGMA user_version = 7; PRAGMA application_id = 99;"
        + " CREATE TABLE t(a); CREATE INDEX ta ON t(a); CREATE VIEW v AS SELECT 1;"
        + " WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50)"
        + " INSERT INTO t SELECT randomblob(300) FROM n")
    let harness = ShellHarness(path: path, readers: 0)
    let (output, errors) = harness.run(".dbinfo\n")
    #expect(errors == "")
    #expect(field(output, "database page size:") == "1024")
    #expect(field(output, "write format:") == "2")
    let pages = try writer.scalar("PRAGMA page_count", as: Int.self) ?? 0
    #expect(pages > 10)
    #expect(field(output, "database page count:") == String(pages))
    #expect(field(output, "user version:") == "7")
    #expect(field(output, "application id:") == "99")
    #expect(field(output, "text encoding:") == "1 (utf8)")
    #expect(field(output, "number of tables:") == "1")
    #expect(field(output, "number of indexes:") == "1")
    #expect(field(output, "number of views:") == "1")
    try writer.close()
  }

  @Test("an in-memory database is read from a serialized copy; a missing one fails")
  func memoryAndMissing() {
    let harness = ShellHarness()
    let (output, errors) = harness.run(
      "PRAGMA page_size = 512; CREATE TABLE t(a);\n.dbinfo\n.dbinfo nosuch\n")
    #expect(field(output, "database page size:") == "512")
    #expect(field(output, "number of tables:") == "1")
    #expect(errors == "unable to read database header\n")
  }
}
