import SQLiteCore
import Testing

@Suite("Statement+Binding")
struct StatementBindingTests {
  private func values(_ db: Connection, _ sql: String, _ parameters: Parameters) throws -> [Value] {
    try #require(try db.query(sql, parameters).first).values
  }

  @Test("binds positional values to ? in order")
  func positional() throws {
    let db = try Connection()
    #expect(try values(db, "SELECT ?, ?, ?", [1, "x", nil]) == [1, "x", nil])
  }

  @Test("binds ?NNN by number, counting parameters up to the largest number")
  func numbered() throws {
    let db = try Connection()
    #expect(try values(db, "SELECT ?2, ?1, ?2", ["one", "two"]) == ["two", "one", "two"])
    let statement = try db.prepare("SELECT ?3")
    #expect(statement.parameterCount == 3)
    #expect(statement.parameterNames == [nil, nil, "?3"])
  }

  @Test("binds :a, @a and $a positionally by their index")
  func namedPositionally() throws {
    let db = try Connection()
    #expect(try values(db, "SELECT :a, @b, $c", [1, 2, 3]) == [1, 2, 3])
  }

  @Test(
    "binds :a, @a and $a from a dictionary, keys with or without their prefix",
    arguments: [
      [":a": 1, "@b": 2, "$c": 3] as Parameters,
      ["a": 1, "b": 2, "c": 3],
      Parameters(values: ["a": .integer(1), "@b": .integer(2), "c": .integer(3)]),
    ])
  func named(parameters: Parameters) throws {
    let db = try Connection()
    #expect(try values(db, "SELECT :a, @b, $c, :a", parameters) == [1, 2, 3, 1])
  }

  @Test("reports parameter names and indexes with their prefixes")
  func parameterNames() throws {
    let statement = try Connection().prepare("SELECT ?, :a, @b, $c, :a")
    #expect(statement.parameterCount == 4)
    #expect(statement.parameterNames == [nil, ":a", "@b", "$c"])
    #expect(statement.parameterIndex(named: "@b") == 3)
    #expect(statement.parameterIndex(named: "b") == nil)
    #expect(statement.parameterIndex(named: ":zz") == nil)
  }

  @Test("binds one value by name, with or without prefix, and clears bindings back to NULL")
  func bindOneByName() throws {
    let statement = try Connection().prepare("SELECT :a, $b")
    try statement.bind("x", named: "a")
    try statement.bind(5, named: "$b")
    #expect(try statement.step())
    #expect(statement.row().values == ["x", 5])
    statement.reset()
    #expect(try statement.step())
    #expect(statement.row().values == ["x", 5], "reset keeps bindings")
    statement.reset()
    statement.clearBindings()
    #expect(try statement.step())
    #expect(statement.row().values == [nil, nil])
  }

  @Test("an unknown name in bind(_:named:) and an index out of range are errors")
  func bindOneErrors() throws {
    let statement = try Connection().prepare("SELECT :a")
    let unknown = try #require(throws: SQLiteError.self) { try statement.bind(1, named: "b") }
    #expect(unknown.code == .misuse)
    #expect(unknown.message.contains("\"b\""))
    let range = try #require(throws: SQLiteError.self) { try statement.bind(1, at: 2) }
    #expect(range.code == .range)
    #expect(range.message.contains("2"))
  }

  @Test(
    "a wrong number of positional values fails before any step",
    arguments: [[1] as Parameters, [1, 2, 3], []])
  func wrongCount(parameters: Parameters) throws {
    let db = try Connection()
    try db.execute("CREATE TABLE t(a, b)")
    let error = try #require(throws: SQLiteError.self) {
      try db.execute("INSERT INTO t VALUES (?, ?)", parameters)
    }
    #expect(error.code == .misuse)
    #expect(error.message.contains("wrong number of parameters"))
    #expect(error.message.contains("has 2"))
    #expect(error.sql == "INSERT INTO t VALUES (?, ?)")
    #expect(try db.scalar("SELECT count(*) FROM t", as: Int.self) == 0)
    #expect(db.totalChanges == 0)
  }

  @Test("an unknown name fails before any step and names the key")
  func unknownName() throws {
    let db = try Connection()
    try db.execute("CREATE TABLE t(a)")
    let error = try #require(throws: SQLiteError.self) {
      try db.execute("INSERT INTO t VALUES (:a)", ["a": 1, "zz": 2])
    }
    #expect(error.code == .misuse)
    #expect(error.message.contains("unknown parameter name \"zz\""))
    #expect(try db.scalar("SELECT count(*) FROM t", as: Int.self) == 0)
  }

  @Test("a parameter without a value fails before any step and names the parameter")
  func missingName() throws {
    let db = try Connection()
    try db.execute("CREATE TABLE t(a, b)")
    let error = try #require(throws: SQLiteError.self) {
      try db.execute("INSERT INTO t VALUES (:a, :b)", ["a": 1])
    }
    #expect(error.code == .misuse)
    #expect(error.message.contains(":b"))
    #expect(try db.scalar("SELECT count(*) FROM t", as: Int.self) == 0)
  }

  @Test("a dictionary cannot fill an anonymous ?")
  func dictionaryForAnonymous() throws {
    let db = try Connection()
    let error = try #require(throws: SQLiteError.self) {
      try db.query("SELECT ?, :a", ["a": 1])
    }
    #expect(error.code == .misuse)
    #expect(error.message.contains("anonymous"))
  }

  @Test("a failed bind leaves no value behind for the next use of the cached statement")
  func failedBindLeavesNothing() throws {
    let db = try Connection()
    #expect(throws: SQLiteError.self) { try db.query("SELECT :a, :b", ["a": 1]) }
    #expect(try values(db, "SELECT :a, :b", ["b": 2, "a": 3]) == [3, 2])
  }
}
