import SQLiteCore
import Testing

@Suite("Transaction savepoints")
struct SavepointTests {
  struct Failure: Error {}

  private func makeDatabase() throws -> Connection {
    let db = try Connection(path: ":memory:")
    try db.execute("CREATE TABLE t(a INTEGER PRIMARY KEY)")
    return db
  }

  private func values(_ db: Connection) throws -> [Int] {
    try db.query("SELECT a FROM t ORDER BY a").map { try $0.get(0, as: Int.self) }
  }

  @Test("outside a transaction a savepoint is a real transaction")
  func topLevelIsTransaction() throws {
    let db = try makeDatabase()
    var statements: [String] = []
    db.trace { statements.append($0) }
    try db.savepoint(.immediate) { db in
      #expect(db.isInsideTransaction)
      try db.execute("INSERT INTO t VALUES (1)")
    }
    #expect(statements.first == "BEGIN IMMEDIATE")
    #expect(try values(db) == [1])
  }

  @Test("an inner rollback keeps the outer work")
  func innerRollbackKeepsOuter() throws {
    let db = try makeDatabase()
    try db.transaction { db in
      try db.execute("INSERT INTO t VALUES (1)")
      try db.inSavepoint { db in
        try db.execute("INSERT INTO t VALUES (2)")
        return .rollback
      }
      #expect(throws: Failure.self) {
        try db.savepoint { db in
          try db.execute("INSERT INTO t VALUES (3)")
          throw Failure()
        }
      }
      try db.savepoint { db in try db.execute("INSERT INTO t VALUES (4)") }
    }
    #expect(try values(db) == [1, 4])
  }

  @Test("savepoints nest three deep and release in order")
  func deepNesting() throws {
    let db = try makeDatabase()
    try db.savepoint { db in
      try db.execute("INSERT INTO t VALUES (1)")
      try db.savepoint { db in
        try db.execute("INSERT INTO t VALUES (2)")
        try db.inSavepoint { db in
          try db.execute("INSERT INTO t VALUES (3)")
          return .rollback
        }
        try db.savepoint { db in try db.execute("INSERT INTO t VALUES (4)") }
      }
    }
    #expect(!db.isInsideTransaction)
    #expect(try values(db) == [1, 2, 4])
  }

  @Test("an error in a nested savepoint propagates to the top and undoes everything")
  func errorsPropagate() throws {
    let db = try makeDatabase()
    #expect(throws: Failure.self) {
      try db.transaction { db in
        try db.execute("INSERT INTO t VALUES (1)")
        try db.savepoint { db in
          try db.execute("INSERT INTO t VALUES (2)")
          throw Failure()
        }
      }
    }
    #expect(!db.isInsideTransaction)
    #expect(try values(db) == [])
  }

  @Test("a transaction aborted inside a savepoint is detected there")
  func abortedInsideSavepoint() throws {
    let db = try makeDatabase()
    try db.execute("INSERT INTO t VALUES (1)")
    let error = #expect(throws: SQLiteError.self) {
      try db.transaction { db in
        try db.savepoint { db in
          try db.execute("INSERT INTO t VALUES (2)")
          _ = try? db.execute("INSERT OR ROLLBACK INTO t VALUES (1)")
        }
      }
    }
    #expect(error?.code == .abort)
    #expect(!db.isInsideTransaction)
    #expect(try values(db) == [1])
  }
}
