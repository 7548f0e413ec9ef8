import SQLiteCore
import Testing

@testable import SQLiteShell

@Suite("TransactionStatement")
struct TransactionStatementTests {
  @Test(
    "reads the transaction statements from their leading keywords",
    arguments: [
      ("BEGIN", TransactionStatement.begin(.deferred)),
      ("begin transaction;", .begin(.deferred)),
      ("  BEGIN IMMEDIATE TRANSACTION", .begin(.immediate)),
      ("-- note\nBegin Exclusive", .begin(.exclusive)),
      ("/* c */ begin deferred", .begin(.deferred)),
      ("COMMIT", .commit),
      ("end transaction", .commit),
      ("ROLLBACK", .rollback),
      ("rollback transaction", .rollback),
      ("ROLLBACK TO a", .rollbackTo("a")),
      ("rollback transaction to savepoint \"b c\"", .rollbackTo("b c")),
      ("SAVEPOINT s1", .savepoint("s1")),
      ("savepoint [x]", .savepoint("x")),
      ("SAVEPOINT 'it''s'", .savepoint("it's")),
      ("ROLLBACK TO 'it''s'", .rollbackTo("it's")),
      ("RELEASE s1", .release("s1")),
      ("release savepoint S1;", .release("S1")),
    ])
  func parses(sql: String, expected: TransactionStatement) {
    #expect(TransactionStatement(sql: sql) == expected)
  }

  @Test(
    "ignores every other statement",
    arguments: [
      "SELECT 1", "INSERT INTO t VALUES(1)", "BEGINNING", "beginx", "", "  ", "-- BEGIN",
      "/* COMMIT */ SELECT 2", "CREATE TABLE savepoint(a)", "EXPLAIN BEGIN", "RELEASE",
    ])
  func ignores(sql: String) {
    #expect(TransactionStatement(sql: sql) == nil)
  }
}
