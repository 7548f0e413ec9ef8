import SQLiteCore
import Testing

@Suite("Connection hooks: row changes, commit and rollback")
struct ConnectionHooksTests {
  struct Veto: Error {}

  @Test("each inserted, updated and deleted row is reported with its table, database and rowid")
  func rowChanges() throws {
    let db = try Connection()
    try db.execute("CREATE TABLE t(a); ATTACH ':memory:' AS other; CREATE TABLE other.u(b)")
    var changes: [RowChange] = []
    db.onRowChange { changes.append($0) }
    try db.execute("INSERT INTO t VALUES (1), (2); UPDATE t SET a = 3 WHERE rowid = 2")
    try db.execute("DELETE FROM t WHERE a = 1; INSERT INTO other.u VALUES ('x')")
    #expect(
      changes == [
        RowChange(kind: .insert, database: "main", table: "t", rowID: 1),
        RowChange(kind: .insert, database: "main", table: "t", rowID: 2),
        RowChange(kind: .update, database: "main", table: "t", rowID: 2),
        RowChange(kind: .delete, database: "main", table: "t", rowID: 1),
        RowChange(kind: .insert, database: "other", table: "u", rowID: 1),
      ])
    db.onRowChange(nil)
    try db.execute("INSERT INTO t VALUES (4)")
    #expect(changes.count == 5)
  }

  @Test("a later handler replaces the earlier one")
  func replacing() throws {
    let db = try Connection()
    try db.execute("CREATE TABLE t(a)")
    var first = 0
    var second = 0
    db.onRowChange { _ in first += 1 }
    try db.execute("INSERT INTO t VALUES (1)")
    db.onRowChange { _ in second += 1 }
    try db.execute("INSERT INTO t VALUES (2)")
    #expect(first == 1)
    #expect(second == 1)
  }

  @Test("commits are reported; a throwing commit handler rolls the transaction back")
  func commitVeto() throws {
    let db = try Connection()
    try db.execute("CREATE TABLE t(a)")
    var commits = 0
    var rollbacks = 0
    var refuse = false
    db.onCommit {
      commits += 1
      if refuse { throw Veto() }
    }
    db.onRollback { rollbacks += 1 }
    try db.execute("INSERT INTO t VALUES (1)")
    #expect(commits == 1)
    refuse = true
    try db.execute("BEGIN; INSERT INTO t VALUES (2)")
    let error = try #require(throws: SQLiteError.self) { try db.execute("COMMIT") }
    #expect(error.code == .constraintCommitHook)
    #expect(commits == 2)
    #expect(rollbacks == 1)
    #expect(db.isAutocommit)
    #expect(try db.scalar("SELECT count(*) FROM t") == 1)
    refuse = false
    db.onCommit(nil)
    try db.execute("INSERT INTO t VALUES (3)")
    #expect(commits == 2)
  }

  @Test("ROLLBACK and closing with a transaction open are reported; ROLLBACK TO is not")
  func rollbacks() throws {
    let db = try Connection()
    try db.execute("CREATE TABLE t(a)")
    var rollbacks = 0
    db.onRollback { rollbacks += 1 }
    try db.execute("BEGIN; INSERT INTO t VALUES (1); SAVEPOINT s; ROLLBACK TO s; RELEASE s")
    #expect(rollbacks == 0)
    try db.execute("ROLLBACK")
    #expect(rollbacks == 1)
    try db.execute("BEGIN; INSERT INTO t VALUES (1)")
    try db.close()
    #expect(rollbacks == 2)
  }

  @Test("clearing hooks after close does nothing")
  func afterClose() throws {
    let db = try Connection()
    db.onRowChange { _ in }
    db.onCommit {}
    db.onRollback {}
    try db.close()
    db.onRowChange(nil)
    db.onCommit(nil)
    db.onRollback(nil)
  }

  @Test("a handler that removes itself from inside its call runs once, and nothing freed is read")
  func handlersRemovingThemselves() throws {
    // The docs forbid using the connection in a handler; removing the handler must still not
    // free what the hook reads after the call (AddressSanitizer catches it).
    let db = try Connection()
    try db.execute("CREATE TABLE t(a)")
    var (rows, commits, rollbacks) = (0, 0, 0)
    db.onRowChange { _ in
      rows += 1
      db.onRowChange(nil)
    }
    db.onCommit {
      commits += 1
      db.onCommit(nil)
    }
    db.onRollback {
      rollbacks += 1
      db.onRollback(nil)
    }
    try db.execute("INSERT INTO t VALUES (1), (2); INSERT INTO t VALUES (3)")
    try db.execute("BEGIN; INSERT INTO t VALUES (4); ROLLBACK")
    try db.execute("BEGIN; INSERT INTO t VALUES (5); ROLLBACK")
    #expect(rows == 1)
    #expect(commits == 1)
    #expect(rollbacks == 1)
    #expect(try db.scalar("SELECT count(*) FROM t") == 3)
  }
}
