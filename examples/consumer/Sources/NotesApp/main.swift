import Foundation
import SQLiteCore

struct Note: Codable {
  var text: String
  var created: Date
}

var migrator = Migrator()
migrator.registerMigration("create note") { db in
  try db.execute("CREATE TABLE note(id INTEGER PRIMARY KEY, text TEXT NOT NULL, created TEXT)")
}
let database = try await ConnectionQueue()  // in memory; ConnectionPool(path:) for a file
try await migrator.migrate(database)
try await database.write { db in _ = try db.insert(Note(text: "hi", created: .now), into: "note") }
let notes = try await database.read { db in try db.query(Note.self, "SELECT * FROM note") }
let day = try await database.read { db in
  try db.scalar("SELECT date(created) FROM note", as: String.self)
}
print("notes:", notes.count, "on", day ?? "?")
