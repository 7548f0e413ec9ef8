import Foundation
import SQLiteCore
import TestSupport
import Testing

@Suite("Connection")
struct ConnectionTests {
  @Test("opens an in-memory database and runs multi-statement SQL")
  func opensInMemory() throws {
    let db = try Connection(path: ":memory:")
    try db.execute("CREATE TABLE t(a); INSERT INTO t VALUES (1), (2)")
    #expect(try db.scalar("SELECT sum(a) FROM t", as: Int.self) == 3)
    #expect(db.path == ":memory:")
    #expect(db.fileName() == "")
  }

  @Test("creates a missing file by default and remembers how it was opened")
  func createsFile() throws {
    try ScratchDirectory.withFile("new.db", prefix: "sqlitecore") { path in
      let db = try Connection(path: path, options: OpenOptions(busyTimeout: 10))
      try db.execute("CREATE TABLE t(a)")
      #expect(FileManager.default.fileExists(atPath: path))
      #expect(db.fileName() == path)
      #expect(db.options.busyTimeout == 10)
      #expect(db.isReadOnly() == false)
      #expect(db.isReadOnly(database: "nosuch") == nil)
    }
  }

  @Test("read-write without create fails with cantopen on a missing file and creates nothing")
  func readWriteMissingFile() throws {
    try ScratchDirectory.with("sqlitecore") { directory in
      for mode in [OpenOptions.Mode.readWrite, .readOnly] {
        let error = try #require(throws: SQLiteError.self) {
          try Connection(path: directory.path("missing.db"), options: OpenOptions(mode: mode))
        }
        #expect(ResultCode.cantopen ~= error.code)
      }
      #expect(try directory.fileNames().isEmpty)
    }
  }

  @Test("read-only refuses writes with readonly and still reads")
  func readOnlyRefusesWrites() throws {
    try ScratchDirectory.withFile("ro.db", prefix: "sqlitecore") { path in
      try Connection(path: path).execute("CREATE TABLE t(a); INSERT INTO t VALUES (1)")
      let db = try Connection(path: path, options: .readOnly)
      #expect(db.isReadOnly() == true)
      let error = try #require(throws: SQLiteError.self) {
        try db.execute("INSERT INTO t VALUES (2)")
      }
      #expect(ResultCode.readonly ~= error.code)
      #expect(error.sql == "INSERT INTO t VALUES (2)")
      #expect(try db.scalar("SELECT count(*) FROM t", as: Int.self) == 1)
    }
  }

  @Test("opens file: URIs, including mode=ro and mode=memory")
  func uris() throws {
    try ScratchDirectory.with("sqlitecore") { directory in
      let path = directory.path("uri.db")
      try Connection(path: "file:\(path)").execute("CREATE TABLE t(a)")
      #expect(FileManager.default.fileExists(atPath: path))
      let readOnly = try Connection(path: "file:\(path)?mode=ro")
      #expect(readOnly.isReadOnly() == true)
      #expect(throws: SQLiteError.self) { try readOnly.execute("INSERT INTO t VALUES (1)") }

      let memoryPath = directory.path("memory.db")
      let memory = try Connection(path: "file:\(memoryPath)?mode=memory")
      try memory.execute("CREATE TABLE m(a); INSERT INTO m VALUES (1)")
      #expect(try memory.scalar("SELECT count(*) FROM m", as: Int.self) == 1)
      #expect(try directory.fileNames() == ["uri.db"], "mode=memory writes no file")
    }
  }

  @Test("noFollow refuses a symbolic link")
  func noFollow() throws {
    try ScratchDirectory.with("sqlitecore") { directory in
      let target = directory.path("target.db")
      try Connection(path: target).execute("CREATE TABLE t(a)")
      let link = directory.path("link.db")
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
      #expect(throws: Never.self) { try Connection(path: link) }
      let error = try #require(throws: SQLiteError.self) {
        try Connection(path: link, options: OpenOptions(noFollow: true))
      }
      #expect(ResultCode.cantopen ~= error.code)
    }
  }

  @Test(
    "a write waiting on another connection's write lock fails with busy",
    arguments: [0, 20] as [Int32])
  func busyTimeout(milliseconds: Int32) throws {
    try ScratchDirectory.withFile("busy.db", prefix: "sqlitecore") { path in
      let holder = try Connection(path: path)
      try holder.execute("CREATE TABLE t(a); BEGIN IMMEDIATE; INSERT INTO t VALUES (1)")
      let waiter = try Connection(path: path, options: OpenOptions(busyTimeout: milliseconds))
      let error = try #require(throws: SQLiteError.self) {
        try waiter.execute("INSERT INTO t VALUES (2)")
      }
      #expect(ResultCode.busy ~= error.code)
      #expect(try waiter.scalar("SELECT count(*) FROM t", as: Int.self) == 0, "readers still read")
      try holder.execute("COMMIT")
      waiter.setBusyTimeout(milliseconds: 1000)
      try waiter.execute("INSERT INTO t VALUES (2)")
      #expect(try holder.scalar("SELECT count(*) FROM t", as: Int.self) == 2)
    }
  }

  @Test("tracks the last insert rowid, changes, total changes and the transaction state")
  func state() throws {
    let db = try Connection()
    try db.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, a)")
    #expect(db.totalChanges == 0)
    try db.execute("INSERT INTO t(id, a) VALUES (41, 'x')")
    try db.execute("INSERT INTO t(a) VALUES ('y')")
    #expect(db.lastInsertRowID == 42)
    #expect(db.changes == 1)
    try db.execute("UPDATE t SET a = 'z'")
    #expect(db.changes == 2)
    #expect(db.totalChanges == 4)
    #expect(db.isAutocommit && !db.isInsideTransaction)
    try db.execute("BEGIN")
    #expect(db.isInsideTransaction && !db.isAutocommit)
    try db.execute("DELETE FROM t")
    #expect(db.changes == 2)
    try db.execute("ROLLBACK")
    #expect(!db.isInsideTransaction)
    #expect(try db.scalar("SELECT count(*) FROM t", as: Int.self) == 2)
  }

  @Test("run-time limits apply: a value longer than SQLITE_LIMIT_LENGTH is too big")
  func limits() throws {
    let db = try Connection()
    let lengthLimit: Int32 = 0  // SQLITE_LIMIT_LENGTH
    #expect(db.limit(lengthLimit) > 1000)
    db.limit(lengthLimit, 100)
    #expect(db.limit(lengthLimit) == 100)
    let error = try #require(throws: SQLiteError.self) {
      try db.query("SELECT ?", [String(repeating: "x", count: 200)])
    }
    #expect(ResultCode.toobig ~= error.code)
  }

  @Test("reports the library version and whether SQL text is complete")
  func libraryInfo() {
    #expect(Connection.sqliteVersion.hasPrefix("3."))
    #expect(Connection.sqliteSourceID.contains(" "))
    #expect(Connection.isComplete("SELECT 1;"))
    #expect(!Connection.isComplete("SELECT 1"))
    #expect(!Connection.isComplete("CREATE TRIGGER x AFTER INSERT ON t BEGIN SELECT 1;"))
  }

  @Test("closing twice is fine, and every throwing call afterwards reports misuse")
  func useAfterClose() throws {
    let db = try Connection()
    try db.execute("CREATE TABLE t(a)")
    _ = try db.query("SELECT * FROM t")
    try db.close()
    try db.close()
    #expect(db.isClosed)
    let calls: [(String, () throws -> Void)] = [
      ("execute", { try db.execute("SELECT 1") }),
      ("execute with parameters", { try db.execute("SELECT ?", [1]) }),
      ("query", { _ = try db.query("SELECT * FROM t") }),
      ("scalar", { _ = try db.scalar("SELECT 1", as: Int.self) }),
      ("prepare", { _ = try db.prepare("SELECT 1") }),
      ("forEachRow", { try db.forEachRow("SELECT 1") { _ in } }),
      ("createFunction", { try db.createFunction("f") { _ in nil } }),
    ]
    for (name, call) in calls {
      let error = try #require(throws: SQLiteError.self, "\(name)") { try call() }
      #expect(error.code == .misuse, "\(name)")
      #expect(error.message.contains("closed"), "\(name)")
    }
    db.interrupt()
    db.trace(nil)
    db.setProgressHandler(every: 1, nil)
  }

  @Test("reading connection state after close traps")
  func stateAfterCloseTraps() async {
    await #expect(processExitsWith: .failure) {
      let db = try Connection()
      try db.close()
      _ = db.lastInsertRowID
    }
  }

  @Test("closing leaves the statements virtual tables own to SQLite (fts5)")
  func closeWithVirtualTable() throws {
    let db = try Connection()
    try db.execute("CREATE VIRTUAL TABLE f USING fts5(a); INSERT INTO f VALUES ('hello world')")
    let statement = try db.prepare("SELECT a FROM f WHERE f MATCH 'hello'")
    #expect(try statement.step())
    #expect(statement.string(at: 0) == "hello world")
    try db.close()
    #expect(db.isClosed)
    #expect(throws: SQLiteError.self) { try statement.step() }
  }
}
