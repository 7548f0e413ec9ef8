/// How one record type binds to one SQL text: the text and the encoder that learned its
/// parameters.
final class RecordPlan {
  let sql: String
  let encoder = RecordEncoder()

  init(sql: String) { self.sql = sql }

  deinit { encoder.finish() }
}

/// The plans a connection made, by record type and statement.
struct RecordPlans {
  /// What a plan is for.
  enum Operation: Hashable {
    case execute(sql: String)
    case insert(table: String)
    case upsert(table: String, conflict: [String])
    case update(table: String, key: [String])
  }

  struct Key: Hashable {
    let type: ObjectIdentifier
    let operation: Operation
  }

  private var plans: [Key: RecordPlan] = [:]
  /// The plan used last, checked before the dictionary (a loop of inserts hashes nothing).
  private var last: (key: Key, plan: RecordPlan)?
  /// The insert plan used last, checked before any `Key` is made (a loop of inserts copies no
  /// `Operation`).
  private var lastInsert: (type: ObjectIdentifier, table: String, plan: RecordPlan)?
  /// Record types and statements are few; past this many the plans start again.
  private static let capacity = 256

  /// The plan for inserting `record`'s type into `table`, made by `make` if new.
  @inline(__always)
  mutating func insertPlan<R: Encodable>(
    for record: R, into table: String, make: ([String]) throws -> String
  ) throws -> RecordPlan {
    let type = ObjectIdentifier(R.self)
    if let lastInsert, lastInsert.type == type, lastInsert.table == table {
      return lastInsert.plan
    }
    let plan = try self.plan(for: record, .insert(table: table), make: make)
    lastInsert = (type, table, plan)
    return plan
  }

  /// The plan for `type` and `operation`, made by `make` (given the property names) if new.
  mutating func plan<R: Encodable>(
    for record: R, _ operation: Operation, make: ([String]) throws -> String
  ) throws -> RecordPlan {
    let key = Key(type: ObjectIdentifier(R.self), operation: operation)
    if let last, last.key == key { return last.plan }
    if let plan = plans[key] {
      last = (key, plan)
      return plan
    }
    let sql: String
    if case .execute(let text) = operation {
      sql = text
    } else {
      sql = try make(try RecordEncoder.propertyNames(of: record))
    }
    if plans.count >= Self.capacity { plans.removeAll() }
    let plan = RecordPlan(sql: sql)
    plans[key] = plan
    last = (key, plan)
    return plan
  }
}
