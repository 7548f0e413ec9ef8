import SQLiteCore
import Testing

@Suite("Connection+Trace")
struct ConnectionTraceTests {
  @Test("statement, row and profile events arrive in step order")
  func events() throws {
    let db = try Connection()
    var seen: [String] = []
    db.trace([.statement, .row, .profile]) { event in
      switch event.kind {
      case .statement: seen.append("stmt " + (event.sql ?? "?"))
      case .row: seen.append("row " + (event.sql ?? "?"))
      case .profile(let nanoseconds): seen.append("profile \(nanoseconds >= 0)")
      case .close: seen.append("close")
      }
    }
    try db.execute("VALUES(1),(2)")
    #expect(
      seen == ["stmt VALUES(1),(2)", "row VALUES(1),(2)", "row VALUES(1),(2)", "profile true"])
  }

  @Test("statements inside triggers are traced with SQLite's comments")
  func triggers() throws {
    let db = try Connection()
    try db.execute(
      "CREATE TABLE t(a); CREATE TABLE log(x);"
        + " CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO log VALUES(new.a); END;")
    var seen: [String] = []
    db.trace(.statement) { seen.append($0.sql ?? "?") }
    try db.execute("INSERT INTO t VALUES(1)")
    #expect(
      seen == ["INSERT INTO t VALUES(1)", "-- TRIGGER tr", "-- INSERT INTO log VALUES(new.a)"])
  }

  @Test("expanding parameters shows bound values; nil stops tracing")
  func expanded() throws {
    let db = try Connection()
    var seen: [String] = []
    db.trace(.statement, expandingParameters: true) { seen.append($0.sql ?? "?") }
    let statement = try db.prepare("SELECT ?")
    try statement.bind(.integer(7), at: 1)
    _ = try statement.step()
    db.trace([], nil)
    try db.execute("SELECT 2")
    #expect(seen == ["SELECT 7"])
  }

  @Test("closing the connection sends a close event")
  func close() throws {
    let db = try Connection()
    var closed = 0
    db.trace(.close) { if $0.kind == .close { closed += 1 } }
    try db.close()
    #expect(closed == 1)
  }

  @Test("the VFS list starts with the default and the main database uses it")
  func vfs() throws {
    let list = Connection.registeredVFS
    #expect(list.first?.name == "unix")
    #expect(list.contains { $0.name == "memdb" })
    let db = try Connection()
    #expect(db.vfs()?.name == "unix")
    #expect(db.vfs(database: "nosuch") == nil)
  }

  @Test("database options read back what was set")
  func databaseOptions() throws {
    let db = try Connection()
    let options = Dictionary(uniqueKeysWithValues: DatabaseOption.shellNames)
    let defensive = try #require(options["defensive"])
    #expect(!db.isEnabled(defensive))
    db.setEnabled(defensive, true)
    #expect(db.isEnabled(defensive))
    #expect(DatabaseOption.shellNames.count == 16)
  }

  @Test("installing the log handler twice, or after SQLite started, is refused")
  func logInstall() throws {
    _ = try Connection()
    #expect(throws: SQLiteLog.InstallError.self) { try SQLiteLog.install { _ in } }
  }
}
