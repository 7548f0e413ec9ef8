import SQLiteCore
import Testing

@Suite("Backup, authorizer, extensions and status")
struct BackupTests {
  /// An in-memory database of 200 rows on more than 200 one-kilobyte pages.
  private func filledSource() throws -> Connection {
    let source = try Connection()
    try source.execute("PRAGMA page_size=1024; CREATE TABLE t(a BLOB)")
    try source.execute(
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)"
        + " INSERT INTO t SELECT zeroblob(900) FROM n")
    return source
  }

  @Test("a backup copies every row, reporting progress step by step")
  func stepwise() throws {
    let source = try filledSource()
    let destination = try Connection()
    var reports: [(Int, Int)] = []
    try source.backup(to: destination, pagesPerStep: 50) { remaining, total in
      reports.append((remaining, total))
      return true
    }
    #expect(try destination.scalar("SELECT count(*) FROM t") == 200)
    #expect(reports.count >= 3)
    #expect(reports.map(\.0) == reports.map(\.0).sorted(by: >))
    #expect(reports.allSatisfy { $0.1 > 200 })
  }

  @Test("a backup stopped by its progress callback keeps the pages copied")
  func stopped() throws {
    let source = try filledSource()
    let destination = try Connection()
    var calls = 0
    try source.backup(to: destination, pagesPerStep: 1) { _, _ in
      calls += 1
      return false
    }
    #expect(calls == 1)
  }

  @Test("backing up a missing schema fails with SQLite's message")
  func missingSchema() throws {
    let source = try Connection()
    let destination = try Connection()
    #expect(throws: SQLiteError.self) {
      try source.backup(database: "nosuch", to: destination)
    }
  }

  @Test("an authorizer can deny ATTACH and sees function names")
  func authorizer() throws {
    let connection = try Connection()
    var functions: [String] = []
    try connection.setAuthorizer { request in
      if request.action == .function, let name = request.second { functions.append(name) }
      return request.action == .attach ? .deny : .allow
    }
    #expect(throws: SQLiteError.self) { try connection.execute("ATTACH ':memory:' AS x") }
    _ = try connection.scalar("SELECT abs(-1)") as Int?
    #expect(functions.contains("abs"))
    try connection.setAuthorizer(nil)
    try connection.execute("ATTACH ':memory:' AS x")
  }

  @Test("loading a missing extension reports the loader's error")
  func loadExtension() throws {
    let connection = try Connection()
    try connection.setExtensionLoading(enabled: true)
    do {
      try connection.loadExtension("/nonexistent/library")
      Issue.record("loading succeeded")
    } catch {
      #expect(error.message.contains("/nonexistent/library"))
    }
  }

  @Test("status counters and the VFS name are readable")
  func status() throws {
    let connection = try Connection()
    let statement = try connection.prepare("SELECT 1")
    try statement.run()
    #expect(statement.status(.vmStep) > 0)
    #expect(connection.status(.schemaUsed).current >= 0)
    #expect(MemoryStatusCounter.memoryUsed.read().current > 0)
    #expect(connection.vfsName() == nil)
    #expect(connection.transactionState() == .idle)
  }
}
