import CSQLite

extension Connection {
  /// Runs `body` inside a transaction: commits when it returns, rolls back when it throws.
  ///
  /// When SQLite already rolled the transaction back (after `ON CONFLICT ROLLBACK`, say) and
  /// `body` swallowed the error, this throws an `SQLITE_ABORT` error, "transaction was aborted",
  /// instead of committing nothing. See <doc:TransactionsAndSavepoints>.
  ///
  /// - Throws: the error `body` threw, or the error of `BEGIN`/`COMMIT`.
  @discardableResult
  public func transaction<T>(
    _ kind: TransactionKind = .deferred, _ body: (Connection) throws -> T
  ) throws -> T {
    try runTransaction(kind) { (try body($0), .commit) }
  }

  /// Runs `body` inside a transaction that commits or rolls back as `body` returns.
  ///
  /// Returning ``TransactionCompletion/rollback`` undoes the work without an error; throwing
  /// undoes it and rethrows.
  public func inTransaction(
    _ kind: TransactionKind = .deferred, _ body: (Connection) throws -> TransactionCompletion
  ) throws {
    try runTransaction(kind) { ((), try body($0)) }
  }

  /// Runs `body` in a savepoint: a nested unit of work that can be undone on its own.
  ///
  /// Outside a transaction this opens a real transaction of the given kind. Inside one it is a
  /// `SAVEPOINT`, released when `body` returns and rolled back to (keeping the outer work)
  /// when it throws.
  @discardableResult
  public func savepoint<T>(
    _ kind: TransactionKind = .deferred, _ body: (Connection) throws -> T
  ) throws -> T {
    try runSavepoint(kind) { (try body($0), .commit) }
  }

  /// Runs `body` in a savepoint that is released or rolled back as `body` returns.
  public func inSavepoint(
    _ kind: TransactionKind = .deferred, _ body: (Connection) throws -> TransactionCompletion
  ) throws {
    try runSavepoint(kind) { ((), try body($0)) }
  }

  /// Opens a transaction of the given kind (`BEGIN …`).
  public func beginTransaction(_ kind: TransactionKind = .deferred) throws(SQLiteError) {
    try runInternal(.init(begin: kind))
  }

  /// Commits the open transaction.
  public func commit() throws(SQLiteError) {
    try runInternal(.commit)
  }

  /// Rolls back the open transaction; does nothing when none is open.
  ///
  /// Rollback always gets through: when running statements block it (after an interrupt, for
  /// instance), every statement of the connection is reset and the rollback is retried.
  public func rollback() throws(SQLiteError) {
    guard isInsideTransaction else { return }
    try runAlwaysAllowed { () throws(SQLiteError) in try runInternal(.rollback) }
  }

  // MARK: Internals

  static let savepointName = "sqlitecore_savepoint"

  static func abortedError() -> SQLiteError {
    SQLiteError(code: .abort, message: "transaction was aborted")
  }

  private func runTransaction<T>(
    _ kind: TransactionKind, _ body: (Connection) throws -> (T, TransactionCompletion)
  ) throws -> T {
    try beginTransaction(kind)
    let value: T
    let completion: TransactionCompletion
    do {
      (value, completion) = try body(self)
    } catch {
      // When SQLite already rolled back, the body's error is the cause: rethrow it as is.
      try? rollback()
      throw error
    }
    switch completion {
    case .commit:
      guard isInsideTransaction else { throw Self.abortedError() }
      do {
        try commit()
      } catch {
        try? rollback()
        throw error
      }
    case .rollback:
      try rollback()
    }
    return value
  }

  private func runSavepoint<T>(
    _ kind: TransactionKind, _ body: (Connection) throws -> (T, TransactionCompletion)
  ) throws -> T {
    guard isInsideTransaction else { return try runTransaction(kind, body) }
    let name = Self.savepointName
    try runInternal("SAVEPOINT \(name)")
    let value: T
    let completion: TransactionCompletion
    do {
      (value, completion) = try body(self)
    } catch {
      if isInsideTransaction {
        try? runAlwaysAllowed { () throws(SQLiteError) in try runInternal("ROLLBACK TO \(name)") }
        try? runInternal("RELEASE \(name)")
      }
      throw error
    }
    guard isInsideTransaction else { throw Self.abortedError() }
    if completion == .rollback {
      try runAlwaysAllowed { () throws(SQLiteError) in try runInternal("ROLLBACK TO \(name)") }
    }
    try runInternal("RELEASE \(name)")
    return value
  }

  /// Runs one of the library's own fixed statements, prepared on first use.
  func runInternal(_ kind: InternalStatements.Kind) throws(SQLiteError) {
    let statement: Statement
    if let prepared = internalStatements[kind] {
      statement = prepared
    } else {
      statement = try prepare(kind.sql, persistent: true)
      internalStatements[kind] = statement
    }
    defer { statement.reset() }
    try statement.run()
  }

  /// Runs one of the library's own statements through the statement cache.
  func runInternal(_ sql: String) throws(SQLiteError) {
    let statement = try cachedStatement(sql)
    defer { statement.reset() }
    try statement.run()
  }

  /// Runs a rollback; if it fails, resets every statement and tries once more.
  func runAlwaysAllowed(_ rollback: () throws(SQLiteError) -> Void) throws(SQLiteError) {
    do {
      try rollback()
    } catch {
      resetAllStatements()
      try rollback()
    }
  }

  /// Resets every prepared statement of the connection, so none is left running.
  func resetAllStatements() {
    guard !handle.isClosed else { return }
    var statement = sqlite3_next_stmt(handle.db, nil)
    while let current = statement {
      sqlite3_reset(current)
      statement = sqlite3_next_stmt(handle.db, current)
    }
  }
}
