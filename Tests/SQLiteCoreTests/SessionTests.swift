import SQLiteCore
import Testing

@Suite("Session: recording changes and applying changesets")
struct SessionTests {
  private func twoTables() throws -> Connection {
    let connection = try Connection()
    try connection.execute(
      "CREATE TABLE t(a INTEGER PRIMARY KEY, b); CREATE TABLE u(a INTEGER PRIMARY KEY, b)")
    return connection
  }

  /// A ``twoTables()`` connection and a session recording every table of it.
  private func recording() throws -> (Connection, Session) {
    let source = try twoTables()
    let session = try Session(on: source)
    try session.attach()
    return (source, session)
  }

  @Test("a changeset applied to a copy of the database brings it the same rows")
  func changesetRoundTrip() throws {
    let (source, session) = try recording()
    let replica = try twoTables()
    #expect(session.isEmpty)
    try source.execute(
      "INSERT INTO t VALUES (1, 'one'), (2, x'00ff'); INSERT INTO u VALUES (3, 3.5)")
    try source.execute("UPDATE t SET b = 'uno' WHERE a = 1; DELETE FROM t WHERE a = 2")
    #expect(!session.isEmpty)
    try replica.apply(changeset: try session.changeset())
    #expect(try replica.scalar("SELECT group_concat(a || b, ',') FROM t") == "1uno")
    #expect(try replica.scalar("SELECT b FROM u WHERE a = 3") == 3.5)
  }

  @Test("a patchset is smaller than the changeset and applies as well")
  func patchset() throws {
    let source = try twoTables()
    try source.execute("INSERT INTO t VALUES (1, 'a long value that a patchset leaves out')")
    let replica = try twoTables()
    try replica.execute("INSERT INTO t VALUES (1, 'a long value that a patchset leaves out')")
    let session = try Session(on: source)
    try session.attach("t")
    try source.execute("UPDATE t SET b = 'short' WHERE a = 1")
    let patch = try session.patchset()
    #expect(patch.count < (try session.changeset()).count)
    #expect(patch.first == UInt8(ascii: "P"))
    try replica.apply(changeset: patch)
    #expect(try replica.scalar("SELECT b FROM t") == "short")
  }

  @Test("only attached tables are recorded; the filter decides for the rest")
  func attachAndFilter() throws {
    let source = try twoTables()
    let only = try Session(on: source)
    try only.attach("u")
    let filtered = try Session(on: source)
    filtered.setTableFilter { $0 != "u" }
    try source.execute("INSERT INTO t VALUES (1, 1); INSERT INTO u VALUES (1, 1)")
    let onlyU = try twoTables()
    try onlyU.apply(changeset: try only.changeset())
    #expect(try onlyU.scalar("SELECT count(*) FROM t") == 0)
    #expect(try onlyU.scalar("SELECT count(*) FROM u") == 1)
    let onlyT = try twoTables()
    try onlyT.apply(changeset: try filtered.changeset())
    #expect(try onlyT.scalar("SELECT count(*) FROM t") == 1)
    #expect(try onlyT.scalar("SELECT count(*) FROM u") == 0)
  }

  @Test("a disabled session records nothing; the indirect flag reads back")
  func flags() throws {
    let (source, session) = try recording()
    #expect(session.isEnabled && !session.isIndirect)
    session.isEnabled = false
    session.isIndirect = true
    try source.execute("INSERT INTO t VALUES (1, 1)")
    #expect(session.isEmpty && !session.isEnabled && session.isIndirect)
    #expect(try session.changeset().isEmpty)
  }

  @Test("a conflict aborts the whole apply and leaves the target unchanged")
  func conflictAborts() throws {
    let (source, session) = try recording()
    try source.execute("INSERT INTO t VALUES (1, 'new'), (2, 'new')")
    let target = try twoTables()
    try target.execute("INSERT INTO t VALUES (2, 'already there')")
    #expect(throws: SQLiteError.self) { try target.apply(changeset: try session.changeset()) }
    #expect(try target.scalar("SELECT count(*) FROM t") == 1)
  }

  @Test("closing the connection closes its sessions first")
  func closedWithConnection() throws {
    let source = try twoTables()
    let session = try Session(on: source)
    try source.close()
    #expect(session.isClosed)
    session.close()
    #expect(throws: SQLiteError.self) { try Session(on: source) }
  }
}
