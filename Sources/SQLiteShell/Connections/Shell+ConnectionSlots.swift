import SQLiteCore

extension Shell {
  /// Why the shell cannot leave its active connection now, or `nil` when it can.
  ///
  /// sqlite3 switches anyway; litesh refuses where the switch would leave something behind
  /// that the user could not see: an open transaction (it would stay open, holding its locks,
  /// on a connection no statement reaches) or a read pool (its readers belong to the writer).
  var connectionSwitchRefusal: String? {
    if transactions.isOpen || (connection?.isInsideTransaction ?? false) {
      return "cannot switch connections inside a transaction: commit or roll back first"
    }
    if connections.readPool != nil {
      return "cannot switch connections while readers are on: .readers 0 first"
    }
    return nil
  }

  /// Makes connection `index` the active one: the current one waits, with its file and
  /// sessions, until the shell comes back to it.
  func switchConnection(to index: Int) {
    let leaving = ConnectionSlots.Slot(
      connection: connection, databasePath: state.databasePath,
      isUnnamed: connections.slots.isActiveUnnamed, changeSessions: connections.changeSessions)
    connections.slots.park(leaving, as: connections.slots.activeIndex)
    let arriving = connections.slots.take(index)
    connections.slots.activeIndex = index
    connections.slots.isActiveUnnamed = arriving.isUnnamed
    connections.changeSessions = arriving.changeSessions
    state.databasePath = arriving.databasePath
    connection = arriving.connection
  }

  /// The `.connection` list: the active connection, and every other one that is open.
  func connectionList() -> [String] {
    (0..<ConnectionSlots.count).compactMap { index in
      if index == connections.slots.activeIndex {
        let label = ConnectionSlots.label(
          path: state.databasePath, isUnnamed: connections.slots.isActiveUnnamed)
        return "ACTIVE \(index): \(label)"
      }
      guard let slot = connections.slots.slot(index), slot.connection != nil else { return nil }
      return "       \(index): "
        + ConnectionSlots.label(path: slot.databasePath, isUnnamed: slot.isUnnamed)
    }
  }
}
