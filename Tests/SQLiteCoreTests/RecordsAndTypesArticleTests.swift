import Foundation
import SQLiteCore
import SQLiteCoreFoundation
import Testing

/// Runs the snippets of the DocC article RecordsAndTypes.md, so the article cannot drift.
@Suite("RecordsAndTypes article")
struct RecordsAndTypesArticleTests {
  private struct Player: Codable {
    var id: Int64
    var name: String
    var score: Double?
    var joined: Date
  }

  private struct Cents: ValueConvertible, Codable, Equatable {
    var value: Int64
    var sqliteValue: Value { .integer(value) }
    static func fromSQLite(_ value: Value) -> Cents? { Int64.fromSQLite(value).map(Cents.init) }
  }

  @Test("the article's snippets run")
  func snippets() throws {
    let db = try Connection()
    try db.execute(
      "CREATE TABLE player(id INTEGER PRIMARY KEY, name TEXT NOT NULL, score REAL, joined TEXT)")

    var player = Player(id: 1, name: "Ada", score: nil, joined: Date())
    try db.insert(player, into: "player")

    player.score = 9.5
    try db.update(player, in: "player", key: ["id"])
    try db.upsert(player, into: "player", onConflict: ["id"])

    try db.execute("UPDATE player SET name = :name WHERE id = :id", record: player)
    let players = try db.query(Player.self, "SELECT * FROM player ORDER BY id")
    #expect(players.map(\.score) == [9.5])
    #expect(players.map(\.joined) == [player.joined])

    let recent = try db.query(
      Player.self, "SELECT * FROM player WHERE joined > datetime('now', '-7 days')")
    let year = try db.scalar("SELECT strftime('%Y', joined) FROM player", as: String.self)
    #expect(recent.count == 1)
    #expect(year.flatMap(Int.init) ?? 0 >= 2026)
  }

  @Test("a type's own ValueConvertible conformance wins over Codable, both ways")
  func ownType() throws {
    struct Order: Codable, Equatable {
      var id: Int64
      var total: Cents
    }
    let db = try Connection()
    try db.execute("CREATE TABLE orders(id INTEGER PRIMARY KEY, total INTEGER)")
    let order = Order(id: 1, total: Cents(value: 1999))
    try db.insert(order, into: "orders")
    // Cents's synthesized Codable would want an object {"value": …}, which no column holds.
    #expect(
      try db.scalar("SELECT typeof(total) || total FROM orders", as: String.self) == "integer1999")
    #expect(try db.query(Order.self, "SELECT * FROM orders") == [order])
  }
}
