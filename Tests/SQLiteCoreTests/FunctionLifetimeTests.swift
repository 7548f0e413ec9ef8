import SQLiteCore
import Synchronization
import Testing

/// How many ``FunctionLifetimeTests/Counted`` aggregate states are alive.
private let liveStates = Mutex(0)

@Suite("Function lifetimes")
struct FunctionLifetimeTests {
  /// Something a closure or an aggregate state holds, to see when it goes.
  private final class Token {
    let counts: Bool
    init(counts: Bool = false) {
      self.counts = counts
      if counts { liveStates.withLock { $0 += 1 } }
    }
    deinit { if counts { liveStates.withLock { $0 -= 1 } } }
  }

  /// A product that refuses text, holding a counted token per group.
  private struct Counted: AggregateFunction {
    let token = Token(counts: true)
    var value: Int64 = 1
    mutating func step(_ arguments: [Value]) throws {
      guard case .integer(let factor) = arguments[0] else {
        throw SQLiteError(code: .mismatch, message: "not an integer")
      }
      value *= factor
    }
    func result() throws -> (any ValueConvertible)? { value }
  }

  @Test("every aggregate state is released, also when a statement fails in the middle of a group")
  func aggregateStatesAreReleased() throws {
    let db = try Connection()
    try db.createAggregate("counted", argumentCount: 1, Counted.self)
    try db.execute("CREATE TABLE t(g, x); INSERT INTO t VALUES (1, 2), (1, 3), (2, 5), (3, 7)")
    let products = try db.query("SELECT g, counted(x) FROM t GROUP BY g ORDER BY g")
    #expect(products.map { $0.values } == [[1, 6], [2, 5], [3, 7]])
    #expect(try db.scalar("SELECT counted(x) FROM t WHERE 0", as: Int.self) == 1)
    #expect(liveStates.withLock { $0 } == 0)
    try db.execute("INSERT INTO t VALUES (2, 'a'), (2, 11)")
    let error = try #require(throws: SQLiteError.self) {
      try db.query("SELECT g, counted(x) FROM t GROUP BY g ORDER BY g")
    }
    #expect(error.message == "not an integer")
    #expect(liveStates.withLock { $0 } == 0, "a group's state outlived its statement")
  }

  @Test("a function's closure lives until SQLite lets it go: replaced, or the connection closed")
  func closuresLiveAsLongAsSQLiteHasThem() throws {
    let db = try Connection()
    var token: Token? = Token()
    weak let first = token
    try db.createFunction("f", argumentCount: 0) { [token] _ in token == nil ? 0 : 1 }
    token = Token()
    weak let second = token
    #expect(try db.scalar("SELECT f()", as: Int.self) == 1)
    try db.createFunction("f", argumentCount: 0) { [token] _ in token == nil ? 0 : 2 }
    try db.createCollation(
      "c", bytes: { [token] left, right in token == nil ? 0 : left.count - right.count })
    token = nil
    #expect(first == nil, "the replaced function's closure was kept")
    #expect(try db.scalar("SELECT f()", as: Int.self) == 2)
    #expect(try db.scalar("SELECT 'aa' < 'b' COLLATE c", as: Int.self) == 0)
    #expect(second != nil)
    try db.close()
    #expect(second == nil, "the closures outlived the connection")
  }

  @Test("a connection closed with a blob open keeps its functions until the blob closes")
  func closuresOutliveAZombieConnection() throws {
    let db = try Connection()
    try db.execute("CREATE TABLE f(data); INSERT INTO f VALUES (x'00')")
    var token: Token? = Token()
    weak let watched = token
    try db.createFunction("f", argumentCount: 0) { [token] _ in token == nil ? 0 : 1 }
    token = nil
    let blob = try Blob(in: db, table: "f", column: "data", row: 1, writable: true)
    try db.close()
    #expect(watched != nil, "released while SQLite still had the function")
    blob.close()
    #expect(watched == nil)
  }
}
