/// A bounded least-recently-used cache of prepared statements, keyed by SQL text.
///
/// Lookups cost one hash at most: entries are objects, so stamping one as used needs no second
/// dictionary access, and the statement used last is checked first with a string comparison
/// (which is immediate when the caller passes the same string again).
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
  private var lastSQL = ""
  private var lastEntry: Entry?

  init(capacity: Int) { self.capacity = max(0, capacity) }

  var count: Int { entries.count }

  /// The cached statement for `sql`, reset and cleared, unless it failed since its last use.
  mutating func statement(for sql: String) -> Statement? {
    let entry: Entry
    if let last = lastEntry, lastSQL == sql {
      entry = last
    } else {
      guard let found = entries[sql] else { return nil }
      entry = found
    }
    let statement = entry.statement
    if statement.hasFailed {
      remove(sql)
      return nil
    }
    clock &+= 1
    entry.lastUse = clock
    lastSQL = sql
    lastEntry = entry
    statement.resetIfBusy()
    statement.clearBindings()
    return statement
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
    lastSQL = sql
    lastEntry = entry
  }

  mutating func remove(_ sql: String) {
    guard let removed = entries.removeValue(forKey: sql) else { return }
    if lastEntry === removed {
      lastEntry = nil
      lastSQL = ""
    }
  }

  mutating func removeAll() {
    entries.removeAll()
    lastEntry = nil
    lastSQL = ""
  }

  func contains(_ sql: String) -> Bool { entries[sql] != nil }
}
