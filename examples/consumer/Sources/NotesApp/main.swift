import SQLiteCore

var migrator = Migrator()
migrator.registerMigration("create note") { db in
  try db.execute("CREATE TABLE note(id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
}
let database = try await ConnectionQueue()  // in memory; ConnectionPool(path:) for a file
try await migrator.migrate(database)
try await database.write { db in try db.execute("INSERT INTO note(text) VALUES (?)", ["hi"]) }
let notes = try await database.read { db in try db.query("SELECT text FROM note") }
print("notes:", notes.count)
