import SQLiteCore

/// The change-recording sessions `.session open` started on the shell's connection, in
/// sqlite3's order: closing one moves the last into its place, as sqlite3's array does.
///
/// They belong to the connection they record: the shell closes them all before it closes that
/// connection (`.open`, `.readers`, exit), since a session cannot outlive it.
struct ChangeSessions {
  /// One open session: its name, the SQLite session and its `.session filter` patterns.
  struct Entry {
    /// The name given to `.session open`.
    let name: String
    /// The session itself.
    let session: Session
    /// The GLOB patterns of the tables it does not record.
    let filter: TableFilter
  }

  /// The `.session filter` patterns of one session, read by its table filter.
  final class TableFilter {
    /// Tables whose names match one of these (``sqliteGlob(_:matches:)``) are not recorded.
    var patterns: [String] = []

    /// Whether the session records `table`.
    func includes(_ table: String) -> Bool {
      !patterns.contains { sqliteGlob($0, matches: table) }
    }
  }

  /// The most sessions sqlite3 keeps open at once.
  static let maximum = 4

  /// The open sessions, the first one being the default.
  private(set) var entries: [Entry] = []

  /// Whether no session is open.
  var isEmpty: Bool { entries.isEmpty }

  /// The index of the session named `name`.
  func index(of name: String) -> Int? { entries.firstIndex { $0.name == name } }

  /// Starts a session on `database` of `connection` that records every table the filter
  /// accepts, as sqlite3's does (its table filter attaches tables on their first change).
  mutating func open(name: String, database: String, on connection: Connection)
    throws(SQLiteError)
  {
    let session = try Session(on: connection, database: database)
    let filter = TableFilter()
    session.setTableFilter { filter.includes($0) }
    entries.append(Entry(name: name, session: session, filter: filter))
  }

  /// Closes the session at `index`; the last one takes its place.
  mutating func close(at index: Int) {
    entries[index].session.close()
    let last = entries.removeLast()
    if index < entries.count { entries[index] = last }
  }

  /// Closes every session.
  mutating func closeAll() {
    for entry in entries { entry.session.close() }
    entries = []
  }
}
