import SQLiteCore
import SQLiteShell

/// The lines an interactive session starts with, for whoever is there (``SessionAudience``).
enum Banner {
  /// litesh's version, in the banner a person sees.
  static let liteshVersion = "0.1.0"

  /// The banner: sqlite3 3.40.1's bytes for a program, litesh's own for a person.
  ///
  /// `isTransient` (started with no arguments at all, as sqlite3 checks) adds the notice that
  /// the database is in memory. sqlite3 prints its middle words in bold (`ESC[1m`) even on a
  /// dumb terminal; a program gets those bytes too, as sqlite3 would give them.
  static func text(for audience: SessionAudience, isTransient: Bool) -> String {
    let source = Connection.sqliteSourceID.prefix(19)
    var banner: String
    var transient = "transient in-memory database"
    if audience.isPerson {
      banner = "litesh \(liteshVersion) (SQLite version \(Connection.sqliteVersion) \(source))\n"
    } else {
      banner = "SQLite version \(Connection.sqliteVersion) \(source)\n"
      transient = "\u{1B}[1m\(transient)\u{1B}[0m"
    }
    banner += "Enter \".help\" for usage hints.\n"
    if isTransient {
      banner += "Connected to a \(transient).\n"
      banner += "Use \".open FILENAME\" to reopen on a persistent database.\n"
    }
    return banner
  }
}
