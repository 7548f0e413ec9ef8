import Foundation
import SQLiteCore
import TestSupport
import Testing

@Suite("Value")
struct ValueTests {
  /// Values that must come back from a database file exactly as they were bound.
  static let roundTripValues: [Value] = [
    .null,
    .integer(0), .integer(-1), .integer(Int64.min), .integer(Int64.max),
    .real(1.5), .real(-2.25e-300), .real(Double.greatestFiniteMagnitude),
    .real(Double.leastNonzeroMagnitude), .real(.infinity), .real(-.infinity),
    .text(""), .text("plain"), .text("it's \"quoted\""),
    .text("héllo wörld ✓ 日本語 🎉"), .text("a\u{0}b\u{0}"), .text("\u{0}"),
    .blob([]), .blob([0]), .blob([0, 255, 0, 10, 13]),
  ]

  @Test("every value kind round-trips through a database file", arguments: roundTripValues)
  func roundTrip(value: Value) throws {
    try ScratchDirectory.with("sqlitecore") { directory in
      let file = directory.path("values.db")
      do {
        let db = try Connection(path: file)
        try db.execute("CREATE TABLE t(v)")
        try db.execute("INSERT INTO t VALUES (?)", [value])
        try db.close()
      }
      let db = try Connection(path: file, options: .readOnly)
      let row = try #require(try db.query("SELECT v, typeof(v) FROM t").first)
      #expect(row[0] == value)
      #expect(row[1] == .text(value.storageClass.rawValue.lowercased()))
    }
  }

  @Test("text keeps its embedded NUL bytes in the database, not only in Swift")
  func embeddedNulBytesAreStored() throws {
    let db = try Connection()
    let text = "a\u{0}b\u{0}c"
    let bytes: Int? = try db.scalar("SELECT length(CAST(? AS BLOB))", [text])
    #expect(bytes == 5)
    #expect(try db.scalar("SELECT ?", [text], as: String.self) == text)
  }

  @Test("empty text, empty blob and NULL are three different values")
  func emptyIsNotNull() throws {
    let db = try Connection()
    let row = try #require(
      try db.query("SELECT typeof(?), typeof(?), typeof(?)", [Value.text(""), Value.blob([]), nil])
        .first)
    #expect(row.values == ["text", "blob", "null"])
  }

  @Test("negative zero keeps its sign in an untyped column")
  func negativeZero() throws {
    let db = try Connection()
    try db.execute("CREATE TABLE t(v)")
    try db.execute("INSERT INTO t VALUES (?)", [-0.0])
    let value = try #require(try db.scalar("SELECT v FROM t", as: Double.self))
    #expect(value == 0 && value.sign == .minus)
  }

  @Test("NaN is stored as NULL, as SQLite does")
  func nanBecomesNull() throws {
    let db = try Connection()
    #expect(try db.query("SELECT ?", [Double.nan]).first?[0] == .null)
  }

  @Test("a 10 MB blob round-trips byte for byte")
  func largeBlob() throws {
    try ScratchDirectory.with("sqlitecore") { directory in
      let db = try Connection(path: directory.path("blob.db"))
      let size = 10_000_000
      // Random bytes from SQLite, compared in SQL: fast even in a debug build.
      let bytes = try #require(try db.scalar("SELECT randomblob(?)", [size], as: [UInt8].self))
      #expect(bytes.count == size)
      try db.execute("CREATE TABLE t(v BLOB)")
      try db.execute("INSERT INTO t VALUES (?)", [bytes])
      #expect(try db.scalar("SELECT length(v) = ? AND v = ? FROM t", [size, bytes]) == true)
      let back = try #require(try db.scalar("SELECT v FROM t", as: [UInt8].self))
      #expect(try db.scalar("SELECT v = ? FROM t", [back]) == true)
      #expect(back.first == bytes.first && back.last == bytes.last)
    }
  }

  @Test("literals build the matching storage class")
  func literals() {
    let values: [Value] = [nil, 1, 2.5, "x", true, false]
    #expect(values.map(\.storageClass) == [.null, .integer, .real, .text, .integer, .integer])
    #expect(values[4] == .integer(1) && values[5] == .integer(0))
    #expect(Value.null.isNull && !Value.integer(0).isNull)
  }

  @Test("decodes from other decoders as NULL, integer, real, text or Boolean")
  func decodesFromJSON() throws {
    let json = Data(#"[null, 1, -9223372036854775808, 2.5, "x", true]"#.utf8)
    let values = try JSONDecoder().decode([Value].self, from: json)
    #expect(values == [nil, 1, .integer(Int64.min), 2.5, "x", 1])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([Value].self, from: Data(#"[{"a": 1}]"#.utf8))
    }
  }

  @Test(
    "description spells values as SQL literals",
    arguments: [
      (Value.null, "NULL"), (.integer(-3), "-3"), (.real(1.5), "1.5"),
      (.text("it's"), "'it''s'"), (.blob([0, 171, 255]), "x'00abff'"), (.blob([]), "x''"),
    ])
  func description(value: Value, expected: String) {
    #expect(value.description == expected)
  }
}
