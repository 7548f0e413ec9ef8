/// How a transaction takes its locks: the word after `BEGIN`.
///
/// Related SQLite documentation: <https://www.sqlite.org/lang_transaction.html>
public enum TransactionKind: String, Sendable, Hashable, CaseIterable {
  /// `BEGIN DEFERRED`: no lock until the first read, no write lock until the first write.
  case deferred
  /// `BEGIN IMMEDIATE`: takes the write lock at once, waiting up to the busy timeout for it.
  case immediate
  /// `BEGIN EXCLUSIVE`: like immediate; outside WAL mode it also keeps readers out.
  case exclusive

  /// The statement that opens a transaction of this kind.
  public var beginSQL: String {
    switch self {
    case .deferred: "BEGIN DEFERRED"
    case .immediate: "BEGIN IMMEDIATE"
    case .exclusive: "BEGIN EXCLUSIVE"
    }
  }
}

/// How a transaction or savepoint body asks to end: keep its work or undo it.
public enum TransactionCompletion: Sendable, Hashable {
  /// Commit the transaction (or release the savepoint).
  case commit
  /// Roll the transaction (or the savepoint) back, without an error.
  case rollback
}
