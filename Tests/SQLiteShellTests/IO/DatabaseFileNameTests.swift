import Foundation
import SQLiteCore
import Testing

@testable import SQLiteShell

@Suite("Database file names as bytes")
struct DatabaseFileNameTests {
  private let latin1: [UInt8] = Array("caf".utf8) + [0xE9]

  @Test("UTF-8 names, URIs and :memory: pass through unchanged")
  func unchanged() {
    for name in ["app.db", "/tmp/café.db", ":memory:", "", "file:x.db?mode=ro", "a b%c?.db"] {
      #expect(DatabaseFileName.openable(SQLText(name)) == name)
      #expect(DatabaseFileName.displayed(name) == SQLText(name))
    }
  }

  @Test("a name that is not UTF-8 becomes a file: URI that shows as its bytes again")
  func escaped() {
    let relative = SQLText(bytes: latin1 + Array(" #?%.db".utf8))
    #expect(DatabaseFileName.openable(relative) == "file:caf%E9%20%23%3F%25.db")
    #expect(DatabaseFileName.displayed(DatabaseFileName.openable(relative)) == relative)
    let absolute = SQLText(bytes: Array("//srv/".utf8) + latin1)
    #expect(DatabaseFileName.openable(absolute) == "file:////srv/caf%E9")
    #expect(DatabaseFileName.displayed(DatabaseFileName.openable(absolute)) == absolute)
  }

  @Test("SQLite opens the very file the bytes name, creating it and finding it again")
  func opensTheFile() throws {
    let directory = NSTemporaryDirectory() + "litesh-names-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let name = SQLText(bytes: Array((directory + "/").utf8) + latin1 + Array(".db".utf8))
    let created = try Connection(path: DatabaseFileName.openable(name))
    try created.execute("CREATE TABLE t(a); INSERT INTO t VALUES (5)")
    try created.close()
    #expect(name.withCString { access($0, F_OK) } == 0)
    let reopened = try Connection(path: DatabaseFileName.openable(name), options: .readOnly)
    #expect(try reopened.scalar("SELECT a FROM t") == 5)
  }
}
