import BenchKit
import GRDB

/// W1–W4 through GRDB, each with the fast path GRDB's documentation recommends.
enum GRDBWorkloads {
  /// The row W2 decodes into.
  struct Item: Decodable, FetchableRecord, ScanItem {
    var id: Int64
    var a: Int64
    var b: Double
    var c: String
  }

  static func configuration() -> Configuration {
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)  // as bench-c's busy_timeout(10000)
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL")
    }
    return configuration
  }

  static func open(_ path: String) throws -> DatabaseQueue {
    try DatabaseQueue(path: path, configuration: configuration())
  }

  static func tableCheck(_ queue: DatabaseQueue) throws -> String {
    try queue.read { db in
      guard let row = try Row.fetchOne(db, sql: Rows.tableCheck) else { return "" }
      return (0..<3).map { String(row[$0] as Int64) }.joined(separator: ",")
    }
  }

  /// W1: one transaction, one prepared statement, `execute(arguments:)`.
  static func insert(_ options: Options) throws {
    let queue = try open(options.database)
    try queue.write { db in try db.execute(sql: Rows.createTable) }
    var clock = Measurement()
    try queue.write { db in
      let insert = try db.makeStatement(sql: Rows.insert)
      for i in 1...Int64(options.rows) {
        try insert.execute(arguments: [i, Rows.a(i), Rows.b(i), Rows.c(i)])
      }
    }
    clock.stop()
    clock.report(check: try tableCheck(queue))
  }

  /// W2: a row cursor, columns read with typed subscripts; with `inPlace` (W2 read in place),
  /// c's bytes through `Row.withUnsafeData(atIndex:)`, GRDB's no-copy read.
  static func scan(_ options: Options, inPlace: Bool = false) throws {
    let queue = try open(options.database)
    var clock = Measurement()
    let check = try queue.read { db in
      var check = ScanCheck()
      let rows = try Row.fetchCursor(db, sql: Rows.scan)
      while let row = try rows.next() {
        check.add(
          id: row[0], a: row[1], b: row[2],
          cBytes: inPlace
            ? try row.withUnsafeData(atIndex: 3) { $0?.count ?? 0 } : (row[3] as String).utf8.count)
      }
      return check
    }
    clock.stop()
    clock.report(check: check.text)
  }

  /// W2 into a `Decodable` record: `fetchAll`, as SQLiteCore's decoding query returns an array.
  static func scanDecodable(_ options: Options) throws {
    let queue = try open(options.database)
    var clock = Measurement()
    // The array is a temporary: it is freed before the clock stops, as C frees its array.
    let check = try queue.read { db in ScanCheck(items: try Item.fetchAll(db, sql: Rows.scan)) }
    clock.stop()
    clock.report(check: check.text)
  }

  /// The row of W2's positional variant: GRDB's `FetchableRecord.init(row:)` by column index.
  struct RowItem: FetchableRecord, ScanItem {
    var id: Int64
    var a: Int64
    var b: Double
    var c: String

    init(row: Row) {
      id = row[0]
      a = row[1]
      b = row[2]
      c = row[3]
    }
  }

  /// W2 into a record built by position (`init(row:)`), `fetchAll` as in the Decodable row.
  static func scanRecord(_ options: Options) throws {
    let queue = try open(options.database)
    var clock = Measurement()
    let check = try queue.read { db in ScanCheck(items: try RowItem.fetchAll(db, sql: Rows.scan)) }
    clock.stop()
    clock.report(check: check.text)
  }

  /// W3: random point lookups in one read, through the statement cache.
  static func lookups(_ options: Options) throws {
    let queue = try open(options.database)
    var clock = Measurement()
    let (found, sum, length) = try queue.read { db in
      var random = Xorshift()
      var found = 0
      var sum: Int64 = 0
      var length = 0
      for _ in 0..<options.count {
        let id = random.id(rows: options.rows)
        let lookup = try db.cachedStatement(sql: Rows.lookup)
        if let row = try Row.fetchOne(lookup, arguments: [id]) {
          found += 1
          sum &+= (row[0] as Int64) &+ Int64((row[1] as Double) * 4)
          length += (row[2] as String).utf8.count
        }
      }
      return (found, sum, length)
    }
    clock.stop()
    clock.report(check: "\(found),\(sum),\(length)")
  }

  /// W4: one `write` (one transaction) per row.
  static func transactions(_ options: Options) throws {
    let queue = try open(options.database)
    try queue.write { db in try db.execute(sql: Rows.createTable) }
    var clock = Measurement()
    for i in 1...Int64(options.count) {
      try queue.write { db in
        try db.cachedStatement(sql: Rows.insert).execute(arguments: [
          i, Rows.a(i), Rows.b(i), Rows.c(i),
        ])
      }
    }
    clock.stop()
    clock.report(check: try tableCheck(queue))
  }
}
