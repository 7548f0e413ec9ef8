import SQLiteCore
import Testing

@Suite("SQLiteError")
struct SQLiteErrorTests {
  @Test("catching by primary code also catches the extended codes")
  func catchByPrimary() throws {
    let db = try Connection()
    try db.execute("CREATE TABLE t(a UNIQUE); INSERT INTO t VALUES (1)")
    func insertDuplicate() -> String {
      do {
        try db.execute("INSERT INTO t VALUES (1)")
        return "no error"
      } catch  where ResultCode.constraint ~= error.code {
        return "constraint \(error.code.rawValue)"
      } catch {
        return "other"
      }
    }
    #expect(insertDuplicate() == "constraint 2067")
  }

  @Test("a result code works as a catch pattern, for typed and untyped errors")
  func catchPattern() throws {
    let db = try Connection()
    try db.execute("CREATE TABLE t(a UNIQUE); INSERT INTO t VALUES (1)")
    func classify(_ body: () throws -> Void) -> String {
      do {
        try body()
        return "none"
      } catch ResultCode.busy {
        return "busy"
      } catch ResultCode.constraint {
        return "constraint"
      } catch {
        return "other"
      }
    }
    #expect(classify { try db.execute("INSERT INTO t VALUES (1)") } == "constraint")
    #expect(classify { try db.execute("SELECT * FROM nowhere") } == "other")
    #expect(classify { throw CancellationError() } == "other")
    #expect(classify {} == "none")
    #expect(!(ResultCode.constraintUnique ~= (CancellationError() as any Error)))
  }

  @Test("describes itself with code, message and SQL")
  func description() {
    let error = SQLiteError(
      code: .constraintUnique, message: "UNIQUE constraint failed: t.a",
      sql: "INSERT INTO t VALUES (1)")
    #expect(
      error.description
        == "SQLITE_CONSTRAINT_UNIQUE (2067): UNIQUE constraint failed: t.a - while executing "
        + "`INSERT INTO t VALUES (1)`")
    #expect(SQLiteError(code: .misuse, message: "m").description == "SQLITE_MISUSE (21): m")
  }

  @Test("a catch pattern binds the typed error, with its code and message")
  func catchBindsTypedError() throws {
    let db = try Connection()
    try db.execute("CREATE TABLE t(a UNIQUE); INSERT INTO t VALUES (1)")
    func insert(_ body: () throws -> Void) -> String {
      do {
        try body()
        return "none"
      } catch let error as SQLiteError where error.matches(.constraint) {
        return "\(error.code.name ?? "?"): \(error.message)"
      } catch {
        return "other"
      }
    }
    // An untyped throwing closure: the pattern casts, binds and tests the code.
    #expect(
      insert { try db.execute("INSERT INTO t VALUES (1)") }
        == "SQLITE_CONSTRAINT_UNIQUE: UNIQUE constraint failed: t.a")
    #expect(insert { try db.execute("SELECT * FROM nowhere") } == "other")
    #expect(insert { throw CancellationError() } == "other")
    let error = SQLiteError(code: .constraintUnique, message: "m")
    #expect(error.matches(.constraint) && error.matches(.constraintUnique))
    #expect(!error.matches(.constraintCheck) && !error.matches(.busy))
  }

  @Test("is a value: equal when every field is equal")
  func equality() {
    let error = SQLiteError(code: .error, message: "x", sql: "s", offset: 3)
    #expect(error == SQLiteError(code: .error, message: "x", sql: "s", offset: 3))
    #expect(error != SQLiteError(code: .error, message: "x", sql: "s", offset: nil))
    #expect(error.primaryCode == .error)
  }

  @Test("the message is the one SQLite gave when the error happened")
  func messageIsCaptured() throws {
    let db = try Connection()
    let error = try #require(throws: SQLiteError.self) { try db.query("SELECT * FROM nowhere") }
    _ = try db.query("SELECT 1")
    #expect(error.message == "no such table: nowhere")
    #expect(error.code == .error)
  }
}
