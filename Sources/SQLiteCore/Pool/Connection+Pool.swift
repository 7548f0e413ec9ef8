extension Connection {
  /// Runs `body` in a deferred transaction pinned to its snapshot at once.
  ///
  /// `BEGIN DEFERRED` takes no snapshot by itself: the first read does. Reading the schema
  /// version right away pins the snapshot before `body` starts.
  func readSnapshot<T>(_ body: (Connection) throws -> T) throws -> T {
    try runInternal(.beginDeferred)
    do {
      try runInternal(.schemaVersion)
      let value = try body(self)
      if isInsideTransaction { try runInternal(.commit) }
      return value
    } catch {
      try? rollback()
      throw error
    }
  }

  /// Runs `body` and rolls back any transaction it leaves open (reporting it as an error).
  func withoutLeftTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
    let value: T
    do {
      value = try body(self)
    } catch {
      try? rollback()
      throw error
    }
    if isInsideTransaction {
      try rollback()
      throw SQLiteError(
        code: .abort, message: "a transaction was left open: it has been rolled back")
    }
    return value
  }
}
