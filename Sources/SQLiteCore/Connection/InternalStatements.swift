/// The library's own fixed statements (`BEGIN`, `COMMIT`, `ROLLBACK`, the read snapshot's pin),
/// prepared once per connection and kept apart from the statement cache.
///
/// A transaction runs two or three of them: looking each one up by its text in the user's cache
/// (a string comparison, or a hash) cost more than stepping `COMMIT`. Here a statement is an
/// array slot, and the user's cache keeps all its room for the user's SQL.
struct InternalStatements {
  /// One of the fixed statements.
  enum Kind: Int, CaseIterable {
    case beginDeferred, beginImmediate, beginExclusive, commit, rollback, schemaVersion

    /// The statement's SQL.
    var sql: String {
      switch self {
      case .beginDeferred: "BEGIN DEFERRED"
      case .beginImmediate: "BEGIN IMMEDIATE"
      case .beginExclusive: "BEGIN EXCLUSIVE"
      case .commit: "COMMIT"
      case .rollback: "ROLLBACK"
      case .schemaVersion: "PRAGMA schema_version"
      }
    }

    /// The `BEGIN` of a transaction of `kind`.
    init(begin kind: TransactionKind) {
      switch kind {
      case .deferred: self = .beginDeferred
      case .immediate: self = .beginImmediate
      case .exclusive: self = .beginExclusive
      }
    }
  }

  private var slots = [Statement?](repeating: nil, count: Kind.allCases.count)

  /// The prepared statement of `kind`, if it was prepared before.
  subscript(kind: Kind) -> Statement? {
    get { slots[kind.rawValue] }
    set { slots[kind.rawValue] = newValue }
  }

  /// Drops every statement (the connection finalizes them as it closes).
  mutating func removeAll() {
    for index in slots.indices { slots[index] = nil }
  }
}
