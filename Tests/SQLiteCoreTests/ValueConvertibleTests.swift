import SQLiteCore
import Testing

@Suite("ValueConvertible")
struct ValueConvertibleTests {
  /// Binds `value`, reads it back as `T` from `SELECT ?` and returns it.
  private func roundTrip<T: ValueConvertible>(_ value: T) throws -> T? {
    let db = try Connection()
    return try db.scalar("SELECT ?", [value], as: T.self)
  }

  @Test("integers of every width round-trip at their limits")
  func integers() throws {
    #expect(try roundTrip(Int.min) == Int.min)
    #expect(try roundTrip(Int.max) == Int.max)
    #expect(try roundTrip(Int64.min) == Int64.min)
    #expect(try roundTrip(Int32.min) == Int32.min)
    #expect(try roundTrip(Int32.max) == Int32.max)
    #expect(try roundTrip(UInt32.max) == UInt32.max)
    #expect(UInt32.max.sqliteValue == .integer(4_294_967_295))
  }

  @Test("reals, booleans, strings and blobs round-trip")
  func otherTypes() throws {
    #expect(try roundTrip(0.1) == 0.1)
    #expect(try roundTrip(Float(0.25)) == 0.25)
    #expect(try roundTrip(true) == true)
    #expect(try roundTrip(false) == false)
    #expect(try roundTrip("Zoë") == "Zoë")
    #expect(try roundTrip([UInt8]([1, 2, 3])) == [1, 2, 3])
    #expect(try roundTrip(Value.blob([9])) == .blob([9]))
  }

  @Test("an optional binds nil as NULL and reads NULL back as nil")
  func optionals() throws {
    let none: Int? = nil
    #expect(none.sqliteValue == .null)
    #expect(Int?(5).sqliteValue == .integer(5))
    #expect(Int?.fromSQLite(.null) == .some(nil))
    #expect(Int?.fromSQLite(.integer(5)) == .some(5))
    #expect(Int?.fromSQLite(.text("5")) == nil)
    let row = try #require(try Connection().query("SELECT NULL AS a, 7 AS b").first)
    #expect(try row.get("a", as: Int?.self) == nil)
    #expect(try row.get("b", as: Int?.self) == 7)
  }

  @Test("integers convert from integral reals only when exact and in range")
  func integerConversions() {
    #expect(Int64.fromSQLite(.real(3.0)) == 3)
    #expect(Int64.fromSQLite(.real(3.5)) == nil)
    #expect(Int64.fromSQLite(.real(1e300)) == nil)
    #expect(Int32.fromSQLite(.integer(Int64(Int32.max) + 1)) == nil)
    #expect(UInt32.fromSQLite(.integer(-1)) == nil)
    #expect(Int.fromSQLite(.text("3")) == nil)
    #expect(Int.fromSQLite(.null) == nil)
  }

  @Test("conversions that would change the meaning of a value fail")
  func strictConversions() {
    #expect(Double.fromSQLite(.integer(2)) == 2.0)
    #expect(Double.fromSQLite(.text("2")) == nil)
    #expect(Float.fromSQLite(.integer(2)) == 2.0)
    #expect(Bool.fromSQLite(.integer(0)) == false)
    #expect(Bool.fromSQLite(.integer(-7)) == true)
    #expect(Bool.fromSQLite(.real(1)) == nil)
    #expect(String.fromSQLite(.integer(1)) == nil)
    #expect(String.fromSQLite(.blob(Array("x".utf8))) == nil)
    #expect([UInt8].fromSQLite(.text("hi")) == Array("hi".utf8))
    #expect([UInt8].fromSQLite(.integer(1)) == nil)
    #expect(Value.fromSQLite(.real(1)) == .real(1))
  }

  @Test("a failed conversion names the column, its index and both types")
  func failedConversionMessage() throws {
    let db = try Connection()
    let row = try #require(try db.query("SELECT 1 AS id, 'abc' AS age").first)
    let error = try #require(throws: SQLiteError.self) { try row.get("age", as: Int.self) }
    #expect(error.code == .mismatch)
    #expect(error.message.contains("\"age\""))
    #expect(error.message.contains("index 1"))
    #expect(error.message.contains("TEXT"))
    #expect(error.message.contains("Int"))
  }

  @Test("scalar reports a failed conversion with the column name")
  func scalarConversionError() throws {
    let db = try Connection()
    let error = try #require(throws: SQLiteError.self) {
      try db.scalar("SELECT x'00' AS payload", as: String.self)
    }
    #expect(error.code == .mismatch)
    #expect(error.message.contains("\"payload\""))
    #expect(error.message.contains("BLOB"))
    #expect(error.message.contains("String"))
  }
}
