import BenchKit
import SQLiteCore

/// W6: W1's million rows as `Encodable` records, `insert(_:into:)` in one transaction.
enum CoreRecords {
  struct Item: Encodable {
    var id: Int64
    var a: Int64
    var b: Double
    var c: String
  }

  static func insert(_ options: Options) throws {
    let db = try CoreWorkloads.open(options.database)
    try db.execute(Rows.createTable)
    var clock = Measurement()
    try db.execute("BEGIN")
    for i in 1...Int64(options.rows) {
      try db.insert(Item(id: i, a: Rows.a(i), b: Rows.b(i), c: Rows.c(i)), into: "t")
    }
    try db.execute("COMMIT")
    clock.stop()
    clock.report(check: try CoreWorkloads.tableCheck(db))
  }
}
