import SQLiteCore
import Testing

@testable import SQLiteShell

@Suite("Leaving with a transaction open")
struct LeavingTransactionTests {
  private static let warning = "litesh: warning: transaction open "

  private func committed(_ database: TransactionCommandsTests.ScratchDatabase) throws -> String {
    try database.committed()
  }

  @Test("end of input rolls back, warns once and exits 1")
  func endOfInput() throws {
    let database = try TransactionCommandsTests.ScratchDatabase()
    let result = ShellHarness.launch(
      [database.path],
      input: "CREATE TABLE t(a);\nINSERT INTO t VALUES(1);\nBEGIN;\nINSERT INTO t VALUES(2);\n"
        + "SAVEPOINT a;\nSAVEPOINT b;\n")
    #expect(
      result.errors
        == Self.warning
        + "at end of input was rolled back (2 savepoints open); nothing was committed\n")
    #expect(result.status == 1)
    #expect(try committed(database) == "1")
  }

  @Test("no warning and status 0 when nothing is left open")
  func nothingOpen() throws {
    let database = try TransactionCommandsTests.ScratchDatabase()
    let result = ShellHarness.launch(
      [database.path], input: "CREATE TABLE t(a);\n.begin\nINSERT INTO t VALUES(1);\n.commit\n")
    #expect(result.errors == "")
    #expect(result.status == 0)
    #expect(try committed(database) == "1")
  }

  @Test(".quit and .exit roll back; .exit keeps its own status")
  func quit() throws {
    let database = try TransactionCommandsTests.ScratchDatabase()
    let quit = ShellHarness.launch(
      [database.path], input: "CREATE TABLE t(a);\n.begin\nINSERT INTO t VALUES(1);\n.quit\n")
    #expect(quit.errors == Self.warning + "at .quit/.exit was rolled back; nothing was committed\n")
    #expect(quit.status == 1)
    let exit = ShellHarness.launch(
      [database.path], input: ".savepoint s\nINSERT INTO t VALUES(2);\n.exit 3\n")
    #expect(exit.errors.hasSuffix("(1 savepoint open); nothing was committed\n"))
    #expect(exit.status == 3)
    #expect(try committed(database) == "")
  }

  @Test(".open of another file, or of the same one, rolls back first")
  func reopen() throws {
    let database = try TransactionCommandsTests.ScratchDatabase()
    let result = ShellHarness.launch(
      [database.path],
      input: "CREATE TABLE t(a);\nBEGIN;\nINSERT INTO t VALUES(1);\n.open \(database.path)2\n"
        + "BEGIN;\nCREATE TABLE t(a);\n.open \(database.path)\nSELECT count(*) FROM t;\n")
    let line =
      Self.warning + "when .open closed the database was rolled back; nothing was committed\n"
    #expect(result.errors == line + line)
    #expect(result.output == "0\n")
    #expect(result.status == 1)
  }

  @Test("-bail stopping a script inside a transaction rolls back")
  func bail() throws {
    let database = try TransactionCommandsTests.ScratchDatabase()
    let result = ShellHarness.launch(
      ["-bail", database.path],
      input: "CREATE TABLE t(a);\nBEGIN;\nINSERT INTO t VALUES(1);\nSELEC;\nCOMMIT;\n")
    #expect(
      result.errors.hasSuffix(
        Self.warning + "when -bail stopped the script was rolled back; nothing was committed\n"))
    #expect(result.status == 1)
    #expect(try committed(database) == "")
  }

  @Test("SQL arguments that leave a transaction open exit 1")
  func arguments() throws {
    let database = try TransactionCommandsTests.ScratchDatabase()
    let result = ShellHarness.launch(
      [database.path, "CREATE TABLE t(a)", "BEGIN", "INSERT INTO t VALUES(1)"])
    #expect(
      result.errors == Self.warning + "at end of input was rolled back; nothing was committed\n")
    #expect(result.status == 1)
    #expect(try committed(database) == "")
  }
}
