import SQLiteCore
import Testing

@Suite("Parameters")
struct ParametersTests {
  @Test("knows when it is empty")
  func isEmpty() {
    #expect(Parameters.none.isEmpty)
    #expect(([] as Parameters).isEmpty)
    #expect(([:] as Parameters).isEmpty)
    #expect(!([1] as Parameters).isEmpty)
    #expect(!(["a": 1] as Parameters).isEmpty)
  }

  @Test("array literals mix Swift types and nil")
  func arrayLiteral() throws {
    let db = try Connection()
    let data: [UInt8] = [1]
    let parameters: Parameters = [1, Int32(2), 2.5, Float(0.5), true, "s", data, nil, Value.null]
    let row = try #require(try db.query("SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?", parameters).first)
    #expect(row.values == [1, 2, 2.5, 0.5, 1, "s", .blob([1]), nil, nil])
  }

  @Test("explicit initializers take values as they are")
  func initializers() throws {
    let db = try Connection()
    let positional = Parameters(values: [.text("a"), .integer(1)])
    #expect(try db.query("SELECT ?, ?", positional).first?.values == ["a", 1])
    let fromSwift = Parameters([Int?.none, "b"])
    #expect(try db.query("SELECT ?, ?", fromSwift).first?.values == [nil, "b"])
  }
}
