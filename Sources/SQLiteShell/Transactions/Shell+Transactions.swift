import DqliteClient
import SQLiteCore

/// Following the transaction on the shell's connection, and never leaving one open behind.
extension Shell {
  /// Why the shell is closing a connection that may hold an open transaction.
  package enum LeaveReason: Sendable, Equatable {
    /// The main input ended (end of file, Ctrl-D) or the SQL arguments were all run.
    case endOfInput
    /// `.quit` or `.exit`.
    case quit
    /// A signal such as SIGTERM, by name.
    case signal(String)
    /// `.open` replaced the connection.
    case reopen
    /// `-bail` stopped the script after an error.
    case bail
    /// Standard output is a pipe nobody reads any more.
    case outputLost

    var phrase: String {
      switch self {
      case .endOfInput: "at end of input"
      case .quit: "at .quit/.exit"
      case .signal(let name): "on \(name)"
      case .reopen: "when .open closed the database"
      case .bail: "when -bail stopped the script"
      case .outputLost: "when standard output was lost"
      }
    }
  }

  /// Follows one statement that ran successfully on `connection` (the hook in ``execute(_:on:)``).
  func didRun(_ statement: Statement, on connection: Connection) {
    didRun(statement.explainKind == 0 ? TransactionStatement(statement) : nil, on: connection)
  }

  /// Follows a statement that ran at once: the bytes `start..<end` of `sql` (not EXPLAIN, which
  /// has result columns).
  func didRun(_ sql: SQLText, from start: Int, to end: Int, on connection: Connection) {
    didRun(TransactionStatement(sql, from: start, to: end), on: connection)
  }

  private func didRun(_ kind: TransactionStatement?, on connection: Connection) {
    let isInside = connection.isInsideTransaction
    // The common case, every statement of a script: nothing to change, so change nothing.
    if kind == nil && isInside == transactions.isOpen { return }
    transactions.apply(kind, isInsideTransaction: isInside)
  }

  /// Agrees with SQLite about whether a transaction is open (after errors and dot-commands).
  func reconcileTransaction() {
    if let dqlite = connections.dqlite {
      transactions.reconcile(isInsideTransaction: dqlite.isInsideTransaction)
      return
    }
    guard let connection else {
      transactions = TransactionTracker()
      return
    }
    transactions.reconcile(isInsideTransaction: connection.isInsideTransaction)
  }

  /// Rolls back a transaction still open on the connection, saying so in one line on stderr.
  ///
  /// - Returns: whether there was one to roll back.
  @discardableResult
  func rollBackLeftTransaction(_ reason: LeaveReason) -> Bool {
    if isDqlite { return rollBackLeftDqliteTransaction(reason) }
    guard let connection, connection.isInsideTransaction else {
      transactions = TransactionTracker()
      return false
    }
    reconcileTransaction()
    let count = transactions.savepoints.count
    let savepoints =
      count == 0 ? "" : count == 1 ? " (1 savepoint open)" : " (\(count) savepoints open)"
    try? connection.rollback()
    transactions = TransactionTracker()
    output.flush()
    standardOutput.flush()
    errors.write(
      "litesh: warning: transaction open \(reason.phrase) was rolled back\(savepoints);"
        + " nothing was committed\n")
    errors.flush()
    return true
  }
}
