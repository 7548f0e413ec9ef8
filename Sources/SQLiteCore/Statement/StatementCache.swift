/// A bounded least-recently-used cache of prepared statements, keyed by SQL text.
struct StatementCache {
  private struct Entry {
    let statement: Statement
    var lastUse: UInt64
  }

  let capacity: Int
  private var entries: [String: Entry] = [:]
  private var clock: UInt64 = 0

  init(capacity: Int) { self.capacity = max(0, capacity) }

  var count: Int { entries.count }

  /// The cached statement for `sql`, reset and cleared, unless it failed since its last use.
  mutating func statement(for sql: String) -> Statement? {
    guard let entry = entries[sql] else { return nil }
    if entry.statement.hasFailed {
      entries[sql] = nil
      return nil
    }
    clock &+= 1
    entries[sql]?.lastUse = clock
    entry.statement.reset()
    entry.statement.clearBindings()
    return entry.statement
  }

  /// The cached statement for `sql` as it is: not reset, its last use unchanged.
  func peek(_ sql: String) -> Statement? { entries[sql]?.statement }

  /// Adds a statement, evicting the least recently used one when full.
  mutating func insert(_ statement: Statement, for sql: String) {
    guard capacity > 0 else { return }
    if entries.count >= capacity, entries[sql] == nil,
      let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
    {
      entries[oldest] = nil
    }
    clock &+= 1
    entries[sql] = Entry(statement: statement, lastUse: clock)
  }

  mutating func remove(_ sql: String) { entries[sql] = nil }

  mutating func removeAll() { entries.removeAll() }

  func contains(_ sql: String) -> Bool { entries[sql] != nil }
}
