import SQLiteCore
import ShellFunctions
import Testing

/// How many table and cursor objects of ``CountingTable`` are alive.
private final class Lives {
  var tables = 0
  var cursors = 0
}

/// `counting(N)`: the numbers 1 to N, N the hidden column `n`; it counts its objects' lives.
private final class CountingTable: VirtualTable {
  let lives: Lives

  init(lives: Lives) {
    self.lives = lives
    lives.tables += 1
  }

  deinit { lives.tables -= 1 }

  let declaration = SQLText("CREATE TABLE x(value, n HIDDEN)")

  func bestIndex(_ info: IndexInfo) throws(VirtualTableError) {
    for constraint in info.constraints where constraint.column == 1 && constraint.op == .equal {
      guard constraint.isUsable else { throw .constraint }
      info.use(constraint.index, asArgument: 1)
      info.plan = 1
    }
  }

  func openCursor() -> CountingCursor { CountingCursor(lives: lives) }
}

private final class CountingCursor: VirtualTableCursor {
  let lives: Lives
  var value: Int64 = 1
  var last: Int64 = 0

  init(lives: Lives) {
    self.lives = lives
    lives.cursors += 1
  }

  func filter(plan: Int32, _ arguments: FunctionArguments) throws(VirtualTableError) {
    guard plan == 1 else { throw VirtualTableError("counting needs a number") }
    value = 1
    last = arguments.int64(0)
  }

  func next() { value += 1 }
  var isAtEnd: Bool { value > last }

  func column(_ index: Int32, into context: FunctionContext) {
    context.result(index == 0 ? value : last)
  }

  var rowid: Int64 { value }
  func close() { lives.cursors -= 1 }
}

@Suite("VirtualTableModule")
struct VirtualTableModuleTests {
  private func connection(_ kind: VirtualTableKind, _ lives: Lives) throws -> Connection {
    let db = try Connection()
    try db.withUnsafeHandle { handle in
      try VirtualTableModule.register("counting", on: handle, kind: kind) {
        _, arguments throws(VirtualTableError) in
        guard kind != .created || arguments.arguments == [Array("go".utf8)] else {
          throw VirtualTableError("counting takes one argument: go")
        }
        return CountingTable(lives: lives)
      }
    }
    return db
  }

  @Test("a Swift table gives its rows, from the arguments its plan asked for")
  func rows() throws {
    let db = try connection(.eponymousOnly, Lives())
    #expect(
      try db.scalar("SELECT group_concat(value) FROM counting(4)", as: String.self) == "1,2,3,4")
    #expect(
      try db.scalar("SELECT group_concat(rowid) FROM counting WHERE n = 2", as: String.self)
        == "1,2")
  }

  @Test("what a table throws is the statement's error, with its message")
  func errors() throws {
    let db = try connection(.eponymousOnly, Lives())
    let error = #expect(throws: SQLiteError.self) { try db.execute("SELECT * FROM counting") }
    #expect(error?.message == "counting needs a number")
  }

  @Test("a table lives until SQLite disconnects it, a cursor until its scan is closed")
  func lifetimes() throws {
    let lives = Lives()
    let db = try connection(.eponymousOnly, lives)
    #expect(try db.scalar("SELECT count(*) FROM counting(3) a, counting(2) b", as: Int.self) == 6)
    #expect(lives.cursors == 0)
    #expect(lives.tables == 1)
    try db.close()
    #expect(lives.tables == 0)
  }

  @Test("a created table is made from its arguments and released when dropped")
  func createdTables() throws {
    let lives = Lives()
    let db = try connection(.created, lives)
    let error = #expect(throws: SQLiteError.self) {
      try db.execute("CREATE VIRTUAL TABLE t USING counting(stop)")
    }
    #expect(error?.message == "counting takes one argument: go")
    try db.execute("CREATE VIRTUAL TABLE t USING counting(go)")
    #expect(try db.scalar("SELECT sum(value) FROM t WHERE n = 4", as: Int.self) == 10)
    #expect(throws: SQLiteError.self) { try db.execute("SELECT * FROM counting(1)") }
    #expect(lives.tables == 1)
    try db.execute("DROP TABLE t")
    #expect(lives.tables == 0)
  }
}
