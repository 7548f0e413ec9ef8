package import SQLiteCore

/// The shell's view of the transaction on its connection: open or not, how it began, and the
/// savepoints open inside it, innermost last.
///
/// It follows every statement that ran (typed SQL and the `.begin` family alike) and is
/// reconciled with SQLite's own answer (`sqlite3_get_autocommit`) after every statement and
/// every error, so a transaction SQLite ended on its own is never shown as open.
package struct TransactionTracker: Sendable, Equatable {
  /// How an open transaction began.
  package enum Origin: Sendable, Equatable {
    /// `BEGIN` (or `.begin`) of this kind.
    case begin(TransactionKind)
    /// A `SAVEPOINT` outside a transaction: releasing it commits.
    case savepoint
    /// Found open without a statement the shell recognised (SQLite says a transaction is open).
    case unknown
  }

  /// How the open transaction began; `nil` when none is open.
  package private(set) var origin: Origin?
  /// The open savepoints, outermost first, as they were named.
  package private(set) var savepoints: [String] = []

  /// No transaction open.
  package init() {}

  /// Whether a transaction is open.
  package var isOpen: Bool { origin != nil }

  /// The `[tx]` or `[tx:N]` (N savepoints open) marker for the prompt; `nil` when none is open.
  package var promptMarker: String? {
    guard isOpen else { return nil }
    return savepoints.isEmpty ? "[tx]" : "[tx:\(savepoints.count)]"
  }

  /// `prompt` with ``promptMarker`` before a trailing `> `, or followed by it and a space.
  package func marking(prompt: String) -> String {
    guard let marker = promptMarker else { return prompt }
    if prompt.hasSuffix("> ") { return String(prompt.dropLast(2)) + marker + "> " }
    return prompt + marker + " "
  }

  /// The index of the innermost open savepoint named `name` (ASCII case-insensitive, as SQLite
  /// compares them).
  package func savepointIndex(named name: String) -> Int? {
    let key = name.lowercased()
    return savepoints.lastIndex { $0.lowercased() == key }
  }

  /// Follows a statement that ran successfully, then agrees with `isInsideTransaction`.
  package mutating func apply(_ statement: TransactionStatement?, isInsideTransaction: Bool) {
    switch statement {
    case .begin(let kind):
      origin = .begin(kind)
      savepoints = []
    case .commit, .rollback:
      origin = nil
      savepoints = []
    case .savepoint(let name):
      if origin == nil { origin = .savepoint }
      savepoints.append(name)
    case .rollbackTo(let name):
      if let index = savepointIndex(named: name) { savepoints.removeSubrange((index + 1)...) }
    case .release(let name):
      if let index = savepointIndex(named: name) { savepoints.removeSubrange(index...) }
      if savepoints.isEmpty && origin == .savepoint { origin = nil }
    case nil:
      break
    }
    reconcile(isInsideTransaction: isInsideTransaction)
  }

  /// Agrees with SQLite: closed when it is in autocommit mode, open when it is not.
  package mutating func reconcile(isInsideTransaction: Bool) {
    if !isInsideTransaction {
      origin = nil
      savepoints = []
    } else if origin == nil {
      origin = .unknown
    }
  }
}
