import SQLiteCore
import Testing

@Suite("Connection+Functions")
struct ConnectionFunctionsTests {
  private struct Refusal: Error, CustomStringConvertible {
    var description: String { "refused by Swift" }
  }

  private struct Product: AggregateFunction {
    var value: Int64 = 1
    mutating func step(_ arguments: [Value]) throws {
      guard let factor = Int64.fromSQLite(arguments[0]) else { throw Refusal() }
      value *= factor
    }
    func result() throws -> (any ValueConvertible)? { value }
  }

  private struct Joined: AggregateFunction {
    var parts: [String] = []
    mutating func step(_ arguments: [Value]) throws {
      parts.append(arguments.map(\.description).joined(separator: "+"))
    }
    func result() throws -> (any ValueConvertible)? { parts.isEmpty ? nil : parts.joined() }
  }

  private struct FailingResult: AggregateFunction {
    mutating func step(_ arguments: [Value]) throws {}
    func result() throws -> (any ValueConvertible)? {
      throw SQLiteError(code: .constraint, message: "no result for you")
    }
  }

  @Test("a scalar Swift function receives every value kind and returns any kind")
  func scalarFunction() throws {
    let db = try Connection()
    try db.createFunction("kinds", argumentCount: -1) { arguments in
      arguments.map(\.storageClass.rawValue).joined(separator: ",")
    }
    try db.createFunction("echo", argumentCount: 1) { arguments in arguments[0] }
    #expect(
      try db.scalar("SELECT kinds(1, 2.5, 'a', x'00', NULL)", as: String.self)
        == "INTEGER,REAL,TEXT,BLOB,NULL")
    let echoed = try #require(
      try db.query(
        "SELECT echo(?), echo(?), echo(?), echo(?), echo(?)",
        [
          Int64.max, -0.5, "ü\u{0}", [UInt8](), nil,
        ]
      ).first)
    #expect(echoed.values == [.integer(Int64.max), -0.5, "ü\u{0}", .blob([]), nil])
    #expect(try db.scalar("SELECT typeof(echo(''))", as: String.self) == "text")
  }

  @Test("an error thrown by a scalar function fails the statement with its message")
  func scalarFunctionErrors() throws {
    let db = try Connection()
    try db.createFunction("refuse", argumentCount: 0) { _ in throw Refusal() }
    try db.createFunction("busy", argumentCount: 0) { _ in
      throw SQLiteError(code: .busy, message: "try later")
    }
    let plain = try #require(throws: SQLiteError.self) { try db.query("SELECT refuse()") }
    #expect(plain.code == .error)
    #expect(plain.message == "refused by Swift")
    #expect(plain.sql == "SELECT refuse()")
    let coded = try #require(throws: SQLiteError.self) { try db.query("SELECT busy()") }
    #expect(coded.code == .busy)
    #expect(coded.message == "try later")
  }

  @Test("the argument count is enforced by SQLite")
  func argumentCount() throws {
    let db = try Connection()
    try db.createFunction("one", argumentCount: 1) { _ in 1 }
    let error = try #require(throws: SQLiteError.self) { try db.prepare("SELECT one(1, 2)") }
    #expect(error.message.contains("wrong number of arguments"))
  }

  @Test("an aggregate Swift function keeps one state per group")
  func aggregate() throws {
    let db = try Connection()
    try db.createAggregate("product", argumentCount: 1, Product.self)
    try db.createAggregate("joined", Joined.self)
    try db.execute(
      "CREATE TABLE t(g, n); INSERT INTO t VALUES ('a', 2), ('a', 3), ('b', 5), ('b', 7), ('b', 1)")
    let rows = try db.query("SELECT g, product(n), joined(n, g) FROM t GROUP BY g ORDER BY g")
    #expect(rows.map(\.values) == [["a", 6, "2+'a'3+'a'"], ["b", 35, "5+'b'7+'b'1+'b'"]])
    #expect(try db.query("SELECT product(n), joined(n) FROM t WHERE 0").first?.values == [1, nil])
  }

  @Test("errors thrown from an aggregate's step or result fail the statement")
  func aggregateErrors() throws {
    let db = try Connection()
    try db.createAggregate("product", argumentCount: 1, Product.self)
    try db.createAggregate("failing", argumentCount: 0, FailingResult.self)
    let stepError = try #require(throws: SQLiteError.self) {
      try db.query("SELECT product(x) FROM (SELECT 2 AS x UNION ALL SELECT 'text')")
    }
    #expect(stepError.message == "refused by Swift")
    let resultError = try #require(throws: SQLiteError.self) { try db.query("SELECT failing()") }
    #expect(resultError.code == .constraint)
    #expect(resultError.message == "no result for you")
    #expect(try db.scalar("SELECT product(3)", as: Int.self) == 3, "the connection recovers")
  }

  @Test("re-registering a function replaces it")
  func replaceFunction() throws {
    let db = try Connection()
    try db.createFunction("answer", argumentCount: 0) { _ in 41 }
    try db.createFunction("answer", argumentCount: 0) { _ in 42 }
    #expect(try db.scalar("SELECT answer()", as: Int.self) == 42)
  }

  @Test("trace reports each statement's expanded SQL as it starts, until removed")
  func trace() throws {
    let db = try Connection()
    var traced: [String] = []
    db.trace { traced.append($0) }
    try db.execute("CREATE TABLE t(a); INSERT INTO t VALUES (1)")
    _ = try db.query("SELECT a FROM t WHERE a = ? AND ? IS NULL", [1, nil])
    try db.execute("INSERT INTO t VALUES (?)", ["it's"])
    db.trace(nil)
    _ = try db.query("SELECT 2")
    #expect(
      traced == [
        "CREATE TABLE t(a);", "INSERT INTO t VALUES (1)",
        "SELECT a FROM t WHERE a = 1 AND NULL IS NULL", "INSERT INTO t VALUES ('it''s')",
      ])
  }

  @Test("the progress handler is called while a statement runs and can abort it")
  func progressHandler() throws {
    let db = try Connection()
    var calls = 0
    db.setProgressHandler(every: 100) {
      calls += 1
      return false
    }
    #expect(try db.scalar(TestSQL.counting(to: 10_000, select: "count(*)"), as: Int.self) == 10_000)
    #expect(calls > 10)

    db.setProgressHandler(every: 100) {
      calls += 1
      return calls > 20
    }
    calls = 0
    let error = try #require(throws: SQLiteError.self) { try db.query(TestSQL.endless) }
    #expect(error.code == .interrupt)
    #expect(calls == 21)

    db.setProgressHandler(every: 100, nil)
    calls = 0
    _ = try db.query(TestSQL.counting(to: 10_000))
    #expect(calls == 0)
  }
}
