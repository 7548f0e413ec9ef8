import Foundation
import SQLiteCore
import SQLiteCoreFoundation
import Testing

@Suite("Date, UUID, Data and URL as SQLite values")
struct FoundationValueConvertibleTests {
  @Test(
    "a Date written and read back equals itself, and SQLite's date functions read the text",
    arguments: [
      Date(timeIntervalSince1970: 1_795_000_000.123456789),
      Date(timeIntervalSince1970: 0),
      Date(timeIntervalSince1970: -86_400 * 365.25 * 30 + 0.5),
      Date(timeIntervalSince1970: 253_402_300_799.999),
      Date(),
    ])
  func dateRoundTrip(date: Date) throws {
    let db = try Connection()
    try db.execute("CREATE TABLE t(d)")
    try db.execute("INSERT INTO t VALUES (?)", [date])
    #expect(try db.scalar("SELECT d FROM t", as: Date.self) == date)
    struct Row: Decodable { var d: Date }
    #expect(try db.query(Row.self, "SELECT d FROM t").first?.d == date)
    let seconds = date.timeIntervalSince1970.rounded(.down)
    // SQLite's own reading of the stored text agrees with the date, to the second.
    #expect(try db.scalar("SELECT unixepoch(d) FROM t", as: Double.self) == seconds)
    let formatted = try db.scalar(
      "SELECT strftime('%Y-%m-%d %H:%M:%S', ?, 'unixepoch')", [seconds], as: String.self)
    #expect(try db.scalar("SELECT datetime(d) FROM t", as: String.self) == formatted)
  }

  @Test("the stored text is what SQLite's datetime() writes, with the fraction of a second")
  func dateText() throws {
    let db = try Connection()
    let date = Date(timeIntervalSince1970: 1_795_000_000.25)
    #expect(date.sqliteValue == .text("2026-11-18 11:06:40.250"))
    #expect(try db.scalar("SELECT date(?)", [date], as: String.self) == "2026-11-18")
    let now = try db.scalar("SELECT datetime('now')", as: String.self) ?? ""
    // Text order is time order, against SQLite's own output too.
    #expect(try db.scalar("SELECT ? < ?", [now, Date()], as: Bool.self) == true)
  }

  @Test(
    "dates are read from the text forms SQLite reads and from Unix times",
    arguments: [
      (Value.text("2026-11-18"), 1_794_960_000.0),
      (.text("2026-11-18 11:06"), 1_794_999_960),
      (.text("2026-11-18T11:06:40"), 1_795_000_000),
      (.text("2026-11-18 11:06:40.5Z"), 1_795_000_000.5),
      (.text("2026-11-18T13:06:40+02:00"), 1_795_000_000),
      (.integer(1_795_000_000), 1_795_000_000),
      (.real(1_795_000_000.5), 1_795_000_000.5),
    ])
  func dateForms(value: Value, seconds: Double) {
    #expect(Date.fromSQLite(value) == Date(timeIntervalSince1970: seconds))
  }

  @Test(
    "text that is not a date does not decode, and the error names the column",
    arguments: ["abc", "2026-02-30", "2026-11-18 25:00", "2026-11-18 09:46:40 junk", "now"])
  func dateStrict(text: String) throws {
    #expect(Date.fromSQLite(.text(text)) == nil)
    struct Row: Decodable { var created: Date }
    let db = try Connection()
    #expect {
      try db.query(Row.self, "SELECT ? AS created", [text])
    } throws: { error in
      (error as? SQLiteError)?.message.contains("column \"created\"") == true
    }
  }

  @Test("UUID is stored as 16 bytes and read from them or from its text")
  func uuid() throws {
    let db = try Connection()
    let id = UUID()
    #expect(try db.scalar("SELECT length(?)", [id], as: Int.self) == 16)
    #expect(try db.scalar("SELECT ?", [id], as: UUID.self) == id)
    #expect(UUID.fromSQLite(.text(id.uuidString.lowercased())) == id)
    #expect(UUID.fromSQLite(.text("not a uuid")) == nil)
  }

  @Test("Data is a blob and URL is text, both ways")
  func dataAndURL() throws {
    let db = try Connection()
    let data = Data([0, 1, 2, 255])
    #expect(try db.scalar("SELECT typeof(?)", [data], as: String.self) == "blob")
    #expect(try db.scalar("SELECT ?", [data], as: Data.self) == data)
    let url = try #require(URL(string: "https://sqlite.org/lang_datefunc.html#tmval"))
    #expect(try db.scalar("SELECT ?", [url], as: URL.self) == url)
  }

  @Test("the row decoder honours ValueConvertible rather than init(from:)")
  func decoderHonoursConversion() throws {
    struct Record: Codable, Equatable {
      var id: UUID
      var when: Date
      var payload: Data
      var link: URL?
    }
    let db = try Connection()
    try db.execute("CREATE TABLE r(id BLOB, \"when\" TEXT, payload BLOB, link TEXT)")
    let record = Record(
      id: UUID(), when: Date(timeIntervalSince1970: 1_795_000_000.5), payload: Data([1, 2]),
      link: nil)
    try db.insert(record, into: "r")
    #expect(try db.query(Record.self, "SELECT * FROM r") == [record])
    // UUID's own Decodable reads a string and Data's an array: both would fail on these columns.
    #expect(
      try db.scalar("SELECT typeof(id) || typeof(payload) FROM r", as: String.self) == "blobblob")
  }
}
