import BenchKit
import SQLiteCore

/// W1–W4 through SQLiteCore, each written the way the library's documentation suggests.
enum CoreWorkloads {
  /// The row W2 decodes into.
  struct Item: Decodable, ScanItem {
    var id: Int64
    var a: Int64
    var b: Double
    var c: String
  }

  static func open(_ path: String) throws -> Connection {
    let db = try Connection(path: path)
    try db.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL")
    return db
  }

  static func tableCheck(_ db: Connection) throws -> String {
    try db.withStatement(Rows.tableCheck) { statement in
      try statement.step()
      return (0..<3).map { String(statement.int64(at: $0)) }.joined(separator: ",")
    }
  }

  /// W1: one transaction, one prepared statement, values bound in order (variadic `bind`).
  static func insert(_ options: Options) throws {
    let db = try open(options.database)
    try db.execute(Rows.createTable)
    var clock = Measurement()
    try db.execute("BEGIN")
    let insert = try db.prepare(Rows.insert, persistent: true)
    for i in 1...Int64(options.rows) {
      try insert.bind(i, Rows.a(i), Rows.b(i), Rows.c(i))
      try insert.run()
      insert.reset()
    }
    try db.execute("COMMIT")
    clock.stop()
    clock.report(check: try tableCheck(db))
  }

  /// W2: every row into `Int64`, `Double` and `String` with the typed column accessors; with
  /// `inPlace` (W2 read in place), c's bytes through `withUnsafeText(at:_:)` instead, valid
  /// only inside the closure, no `String` made (C's counterpart copies them to the stack).
  static func scan(_ options: Options, inPlace: Bool = false) throws {
    let db = try open(options.database)
    var clock = Measurement()
    var check = ScanCheck()
    try db.withStatement(Rows.scan) { statement in
      while try statement.step() {
        check.add(
          id: statement.int64(at: 0), a: statement.int64(at: 1), b: statement.double(at: 2),
          cBytes: inPlace
            ? statement.withUnsafeText(at: 3) { $0.count } : statement.string(at: 3).utf8.count)
      }
    }
    clock.stop()
    clock.report(check: check.text)
  }

  /// W2 into a `Decodable` struct: the library's decoding query, which returns an array.
  static func scanDecodable(_ options: Options) throws {
    let db = try open(options.database)
    var clock = Measurement()
    // The array is a temporary: it is freed before the clock stops, as C frees its array.
    let check = ScanCheck(items: try db.query(Item.self, Rows.scan))
    clock.stop()
    clock.report(check: check.text)
  }

  /// The row W2 builds with `RowDecodable`, reading columns by position.
  struct RowItem: RowDecodable, ScanItem {
    var id: Int64
    var a: Int64
    var b: Double
    var c: String

    init(row: StatementRow) {
      id = row.int64(at: 0)
      a = row.int64(at: 1)
      b = row.double(at: 2)
      c = row.string(at: 3)
    }
  }

  /// W2 into a `RowDecodable` struct: `query(RowItem.self, …)`, an array like the Decodable row.
  static func scanRowDecodable(_ options: Options) throws {
    let db = try open(options.database)
    var clock = Measurement()
    let check = ScanCheck(items: try db.query(RowItem.self, Rows.scan))
    clock.stop()
    clock.report(check: check.text)
  }

  /// W3: random point lookups in one read transaction, through the statement cache.
  static func lookups(_ options: Options) throws {
    let db = try open(options.database)
    var clock = Measurement()
    var random = Xorshift()
    var found = 0
    var sum: Int64 = 0
    var length = 0
    try db.execute("BEGIN")
    for _ in 0..<options.count {
      let id = random.id(rows: options.rows)
      let lookup = try db.cachedStatement(Rows.lookup)
      try lookup.bind(id)
      if try lookup.step() {
        found += 1
        sum &+= lookup.int64(at: 0) &+ Int64(lookup.double(at: 1) * 4)
        length += lookup.string(at: 2).utf8.count
      }
      lookup.reset()
    }
    try db.execute("COMMIT")
    clock.stop()
    clock.report(check: "\(found),\(sum),\(length)")
  }

  /// W4: one-row write transactions (`transaction(.immediate)`), the insert cached.
  static func transactions(_ options: Options) throws {
    let db = try open(options.database)
    try db.execute(Rows.createTable)
    var clock = Measurement()
    for i in 1...Int64(options.count) {
      try db.transaction(.immediate) { db in
        try db.execute(Rows.insert, i, Rows.a(i), Rows.b(i), Rows.c(i))
      }
    }
    clock.stop()
    clock.report(check: try tableCheck(db))
  }
}
