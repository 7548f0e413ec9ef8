import SQLiteCore

/// `.connection`: sqlite3's numbered database connections, of which one, the active one, is
/// the shell's ``Shell/connection``; the others wait here with what belongs to them.
///
/// Per connection, as in sqlite3: the database file, the connection itself (with its temp
/// schema, `.parameter` values, attached databases and functions) and its `.session`s. The
/// shell's settings (mode, `.timer`, `.changes`, …) are shared.
struct ConnectionSlots {
  /// How many connections sqlite3 offers, numbered from 0.
  static let count = 5

  /// A connection that is not the active one.
  struct Slot {
    /// The connection, or `nil` when it was never opened or was closed.
    var connection: Connection?
    /// The database it opens (`""`: a temporary database).
    var databasePath: String
    /// Whether no file name was ever given to it (sqlite3 lists it as `(memory)`).
    var isUnnamed: Bool
    /// Its `.session`s.
    var changeSessions: ChangeSessions
  }

  /// The number of the active connection.
  var activeIndex = 0
  /// Whether the active connection was given no file name (a new one, or `.open` alone).
  var isActiveUnnamed = false
  /// The other connections by number; a number never used has no slot.
  private var parked: [Int: Slot] = [:]

  /// The slot of connection `index`, or `nil` if it was never used.
  func slot(_ index: Int) -> Slot? { parked[index] }

  /// Stores the state of the connection being left; it becomes `index`'s.
  mutating func park(_ slot: Slot, as index: Int) { parked[index] = slot }

  /// Takes connection `index`'s state out, or a new slot (a temporary database, no name).
  mutating func take(_ index: Int) -> Slot {
    parked.removeValue(forKey: index)
      ?? Slot(
        connection: nil, databasePath: "", isUnnamed: true, changeSessions: ChangeSessions())
  }

  /// Closes connection `index` (its sessions first); its file name is kept for a later use.
  mutating func close(_ index: Int) {
    guard var slot = parked[index], let connection = slot.connection else { return }
    slot.changeSessions.closeAll()
    try? connection.close()
    slot.connection = nil
    parked[index] = slot
  }

  /// Closes every connection but the active one.
  mutating func closeAll() {
    for index in parked.keys { close(index) }
  }

  /// How sqlite3 names a database in the list: the file, or what kind of database it is.
  static func label(path: String, isUnnamed: Bool) -> String {
    if isUnnamed { return "(memory)" }
    return path.isEmpty ? "(temporary-file)" : path
  }
}
