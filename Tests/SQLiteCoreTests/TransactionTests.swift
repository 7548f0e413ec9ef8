import SQLiteCore
import TestSupport
import Testing

@Suite("Transaction")
struct TransactionTests {
  struct Failure: Error {}

  private func makeDatabase() throws -> Connection {
    let db = try Connection(path: ":memory:")
    try db.execute("CREATE TABLE t(a INTEGER PRIMARY KEY, b)")
    return db
  }

  private func count(_ db: Connection) throws -> Int {
    try db.scalar("SELECT count(*) FROM t", as: Int.self) ?? -1
  }

  @Test("commits when the body returns, and returns its value")
  func commitsOnReturn() throws {
    let db = try makeDatabase()
    let value = try db.transaction { db in
      try db.execute("INSERT INTO t VALUES (1, 'x')")
      #expect(db.isInsideTransaction)
      return 42
    }
    #expect(value == 42)
    #expect(!db.isInsideTransaction)
    #expect(try count(db) == 1)
  }

  @Test("rolls back when the body throws, and rethrows its error")
  func rollsBackOnThrow() throws {
    let db = try makeDatabase()
    #expect(throws: Failure.self) {
      try db.transaction { db in
        try db.execute("INSERT INTO t VALUES (1, 'x')")
        throw Failure()
      }
    }
    #expect(!db.isInsideTransaction)
    #expect(try count(db) == 0)
  }

  @Test("an explicit rollback result undoes the work without an error")
  func explicitRollback() throws {
    let db = try makeDatabase()
    try db.inTransaction(.immediate) { db in
      try db.execute("INSERT INTO t VALUES (1, 'x')")
      return .rollback
    }
    #expect(!db.isInsideTransaction)
    #expect(try count(db) == 0)
  }

  @Test("each kind begins with its own BEGIN", arguments: TransactionKind.allCases)
  func kinds(kind: TransactionKind) throws {
    let db = try makeDatabase()
    var statements: [String] = []
    db.trace { statements.append($0) }
    try db.transaction(kind) { db in try db.execute("INSERT INTO t VALUES (1, 'x')") }
    #expect(statements.first == kind.beginSQL)
    #expect(statements.last == "COMMIT")
  }

  @Test("an immediate transaction takes the write lock at once")
  func immediateLocks() throws {
    let directory = try ScratchDirectory("litesh-pool")
    let first = try Connection(path: directory.path())
    try first.execute("CREATE TABLE t(a)")
    let second = try Connection(path: directory.path())
    try first.transaction(.immediate) { _ in
      #expect(throws: SQLiteError.self) { try second.beginTransaction(.immediate) }
    }
    try second.transaction(.immediate) { db in try db.execute("INSERT INTO t VALUES (1)") }
  }

  @Test("a transaction SQLite aborted is reported as aborted, not committed")
  func detectsAbortedTransaction() throws {
    let db = try makeDatabase()
    try db.execute("INSERT INTO t VALUES (1, 'x')")
    let error = #expect(throws: SQLiteError.self) {
      try db.transaction { db in
        try db.execute("INSERT INTO t VALUES (2, 'y')")
        // ON CONFLICT ROLLBACK ends the whole transaction; the body swallows the error.
        _ = try? db.execute("INSERT OR ROLLBACK INTO t VALUES (1, 'dup')")
      }
    }
    #expect(error?.code == .abort)
    #expect(error?.message == "transaction was aborted")
    #expect(!db.isInsideTransaction)
    #expect(try count(db) == 1)
  }

  @Test("the error that aborted a transaction propagates as is")
  func abortingErrorPropagates() throws {
    let db = try makeDatabase()
    try db.execute("INSERT INTO t VALUES (1, 'x')")
    let error = #expect(throws: SQLiteError.self) {
      try db.transaction { db in
        try db.execute("INSERT INTO t VALUES (2, 'y')")
        try db.execute("INSERT OR ROLLBACK INTO t VALUES (1, 'dup')")
      }
    }
    #expect(error.map { .constraint ~= $0.code } == true)
    #expect(!db.isInsideTransaction)
    #expect(try count(db) == 1)
  }

  @Test("rollback gets through while a statement is still running")
  func rollbackWithPendingStatement() throws {
    let db = try makeDatabase()
    try db.execute("INSERT INTO t VALUES (1, 'x'), (2, 'y')")
    try db.beginTransaction()
    try db.execute("INSERT INTO t VALUES (3, 'z')")
    let pending = try db.prepare("SELECT a FROM t")
    #expect(try pending.step())
    try db.rollback()
    #expect(!db.isInsideTransaction)
    #expect(try count(db) == 2)
  }

  @Test("rollback outside a transaction does nothing")
  func rollbackOutsideTransaction() throws {
    let db = try makeDatabase()
    try db.rollback()
    #expect(db.isAutocommit)
  }
}
