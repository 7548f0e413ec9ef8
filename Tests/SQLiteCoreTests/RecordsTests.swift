import Foundation
import SQLiteCore
import SQLiteCoreFoundation
import Testing

@Suite("Records: Encodable values bound as named parameters")
struct RecordsTests {
  struct Player: Codable, Equatable {
    enum Rank: String, Codable { case novice, master }
    var id: Int64
    var name: String
    var score: Double?
    var rank: Rank
    var joined: Date
  }

  private func makeDatabase() throws -> Connection {
    let db = try Connection()
    try db.execute(
      "CREATE TABLE player(id INTEGER PRIMARY KEY, name TEXT UNIQUE, score REAL, rank TEXT, joined TEXT)"
    )
    return db
  }

  private let joined = Date(timeIntervalSince1970: 1_795_000_000.25)

  @Test("insert writes one column per property and the row decodes back equal")
  func insertRoundTrip() throws {
    let db = try makeDatabase()
    let players = [
      Player(id: 1, name: "Ada", score: 9.5, rank: .master, joined: joined),
      Player(id: 2, name: "Grace", score: nil, rank: .novice, joined: joined.addingTimeInterval(1)),
    ]
    for player in players { #expect(try db.insert(player, into: "player") == player.id) }
    #expect(try db.query(Player.self, "SELECT * FROM player ORDER BY id") == players)
    let rows = try db.query("SELECT score IS NULL, rank, typeof(joined) FROM player ORDER BY id")
    #expect(rows.map { $0.values } == [[0, "master", "text"], [1, "novice", "text"]])
  }

  @Test("execute binds properties by parameter name and skips the ones it does not name")
  func executeByName() throws {
    let db = try makeDatabase()
    var player = Player(id: 7, name: "Alan", score: 1, rank: .novice, joined: joined)
    try db.insert(player, into: "player")
    player.name = "Alan Turing"
    try db.execute("UPDATE player SET name = :name WHERE id = $id", record: player)
    #expect(try db.scalar("SELECT name FROM player WHERE id = 7", as: String.self) == "Alan Turing")
  }

  @Test("a parameter no property fills is an error naming it, and nothing runs")
  func missingParameter() throws {
    let db = try makeDatabase()
    let player = Player(id: 1, name: "Ada", score: nil, rank: .novice, joined: joined)
    #expect {
      try db.execute("INSERT INTO player(id, name) VALUES (:id, :nickname)", record: player)
    } throws: { error in
      (error as? SQLiteError)?.message.contains(":nickname") == true
    }
    #expect(try db.scalar("SELECT count(*) FROM player", as: Int.self) == 0)
  }

  /// Encodes its keys in an order its value chooses, and with keys that are not plain values.
  struct Shuffled: Encodable {
    struct Key: CodingKey {
      var stringValue: String
      init(stringValue: String) { self.stringValue = stringValue }
      var intValue: Int? { nil }
      init?(intValue: Int) { nil }
    }
    enum Plain: CodingKey { case id, name }
    var id: Int64
    var name: String
    var nameFirst: Bool
    var plainKeys: Bool

    func encode(to encoder: any Encoder) throws {
      if plainKeys {
        var container = encoder.container(keyedBy: Plain.self)
        if nameFirst { try container.encode(name, forKey: .name) }
        try container.encode(id, forKey: .id)
        if !nameFirst { try container.encode(name, forKey: .name) }
      } else {
        var container = encoder.container(keyedBy: Key.self)
        if nameFirst { try container.encode(name, forKey: Key(stringValue: "name")) }
        try container.encode(id, forKey: Key(stringValue: "id"))
        if !nameFirst { try container.encode(name, forKey: Key(stringValue: "name")) }
      }
    }
  }

  @Test("each property binds its own parameter when records give their keys in another order")
  func keysInAnotherOrder() throws {
    let db = try makeDatabase()
    let records = [
      Shuffled(id: 1, name: "a", nameFirst: false, plainKeys: true),
      Shuffled(id: 2, name: "b", nameFirst: true, plainKeys: true),
      Shuffled(id: 3, name: "c", nameFirst: true, plainKeys: false),
      Shuffled(id: 4, name: "d", nameFirst: false, plainKeys: false),
      Shuffled(id: 5, name: "e", nameFirst: true, plainKeys: true),
    ]
    for record in records {
      try db.execute("INSERT INTO player(id, name) VALUES (:id, :name)", record: record)
    }
    let rows = try db.query("SELECT id, name FROM player ORDER BY id")
    #expect(rows.map { $0.values } == [[1, "a"], [2, "b"], [3, "c"], [4, "d"], [5, "e"]])
  }

  @Test("upsert inserts, then updates the row with the same key")
  func upsert() throws {
    let db = try makeDatabase()
    var player = Player(id: 3, name: "Edsger", score: 2, rank: .novice, joined: joined)
    try db.upsert(player, into: "player", onConflict: ["id"])
    player.score = 5
    player.rank = .master
    try db.upsert(player, into: "player", onConflict: ["id"])
    #expect(try db.query(Player.self, "SELECT * FROM player") == [player])
  }

  @Test("update changes the row with the key's values and says how many rows changed")
  func update() throws {
    let db = try makeDatabase()
    var player = Player(id: 4, name: "Barbara", score: 1, rank: .novice, joined: joined)
    try db.insert(player, into: "player")
    player.score = 3
    #expect(try db.update(player, in: "player", key: ["id"]) == 1)
    #expect(try db.query(Player.self, "SELECT * FROM player") == [player])
    player.id = 99
    #expect(try db.update(player, in: "player", key: ["id"]) == 0)
    #expect(throws: SQLiteError.self) { try db.update(player, in: "player", key: ["nope"]) }
  }

  @Test("a property holding an object is refused, naming the property")
  func nestedRefused() throws {
    struct Nested: Encodable {
      struct Inner: Encodable { var x = 1 }
      var id = 1
      var inner = Inner()
    }
    let db = try Connection()
    try db.execute("CREATE TABLE n(id, inner)")
    #expect {
      try db.insert(Nested(), into: "n")
    } throws: { error in
      (error as? SQLiteError)?.message.contains("\"inner\"") == true
    }
  }

  @Test("a constraint violation surfaces as the SQLite error, and the next insert works")
  func constraint() throws {
    let db = try makeDatabase()
    let player = Player(id: 1, name: "Ada", score: nil, rank: .novice, joined: joined)
    try db.insert(player, into: "player")
    #expect(throws: SQLiteError.self) { try db.insert(player, into: "player") }
    var other = player
    other.id = 2
    other.name = "Other"
    try db.insert(other, into: "player")
    #expect(try db.scalar("SELECT count(*) FROM player", as: Int.self) == 2)
  }
}
