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

  /// The cached statement for `sql`, reset and cleared, unless it failed since its last use.
  mutating func statement(for sql: String) -> Statement? {
    let entry: Entry
    if let found = recentEntry(for: sql) {
      entry = found
    } else {
      guard let found = entries[sql] else { return nil }
      entry = found
      remember(sql, entry)
    }
    let statement = entry.statement
    if statement.hasFailed {
      remove(sql)
      return nil
    }
    clock &+= 1
    entry.lastUse = clock
    statement.resetIfBusy()
    statement.clearBindings()
    return statement
  }

  /// The cached statement for `sql` as it is: not reset, its last use unchanged.
  func peek(_ sql: String) -> Statement? { entries[sql]?.statement }

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
