/// A bounded least-recently-used cache of prepared statements, keyed by SQL text.
///
/// Lookups cost one hash at most: entries are objects, so stamping one as used needs no second
/// dictionary access, and the few statements used last are checked first with a string
/// comparison (immediate when the caller passes the same string again), so a transaction's
/// `BEGIN`, its statement and `COMMIT` are found without hashing.
struct StatementCache {
  private final class Entry {
    let statement: Statement
    var lastUse: UInt64
    init(statement: Statement, lastUse: UInt64) {
      self.statement = statement
      self.lastUse = lastUse
    }
  }

  let capacity: Int
  private var entries: [String: Entry] = [:]
  private var clock: UInt64 = 0
  /// The most recently used entries, checked before the dictionary.
  private var recent: [(sql: String, entry: Entry)] = []
  private var nextRecent = 0
  private static let recentCount = 4

  init(capacity: Int) { self.capacity = max(0, capacity) }

  var count: Int { entries.count }

  /// What ``statement(for:clearingBindings:)`` found.
  enum Lookup {
    /// The cached statement, reset (and cleared when asked).
    case ready(Statement)
    /// The cached statement is checked out (running): the caller needs a fresh one.
    case inUse
    /// No usable statement: none cached, or the cached one failed since its last use.
    case missing
  }

  /// The cached statement for `sql`, reset and (unless `clearingBindings` is false) cleared,
  /// unless it is in use or failed since its last use.
  ///
  /// One lookup: the few statements used last are compared first, the dictionary hashed only
  /// when they do not match.
  mutating func statement(for sql: String, clearingBindings: Bool = true) -> Lookup {
    let entry: Entry
    if let found = recentEntry(for: sql) {
      entry = found
    } else {
      guard let found = entries[sql] else { return .missing }
      entry = found
      remember(sql, entry)
    }
    let statement = entry.statement
    if statement.isCheckedOut { return .inUse }
    if statement.hasFailed {
      remove(sql)
      return .missing
    }
    clock &+= 1
    entry.lastUse = clock
    statement.resetIfBusy()
    if clearingBindings { statement.clearBindings() }
    return .ready(statement)
  }

  /// Adds a statement, evicting the least recently used one when full.
  mutating func insert(_ statement: Statement, for sql: String) {
    guard capacity > 0 else { return }
    if entries.count >= capacity, entries[sql] == nil,
      let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
    {
      remove(oldest)
    }
    clock &+= 1
    let entry = Entry(statement: statement, lastUse: clock)
    entries[sql] = entry
    remember(sql, entry)
  }

  private func recentEntry(for sql: String) -> Entry? {
    for candidate in recent where candidate.sql == sql { return candidate.entry }
    return nil
  }

  private mutating func remember(_ sql: String, _ entry: Entry) {
    if recent.count < Self.recentCount {
      recent.append((sql, entry))
    } else {
      recent[nextRecent] = (sql, entry)
      nextRecent = (nextRecent + 1) % Self.recentCount
    }
  }

  mutating func remove(_ sql: String) {
    guard let removed = entries.removeValue(forKey: sql) else { return }
    recent.removeAll { $0.entry === removed }
    nextRecent = 0
  }

  mutating func removeAll() {
    entries.removeAll()
    recent.removeAll()
    nextRecent = 0
  }

  func contains(_ sql: String) -> Bool { entries[sql] != nil }
}
