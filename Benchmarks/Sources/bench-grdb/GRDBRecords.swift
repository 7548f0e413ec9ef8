import BenchKit
import GRDB

/// W6 through GRDB: W1's million rows as `PersistableRecord`s, `insert(db)` in one transaction.
enum GRDBRecords {
  struct Item: Encodable, PersistableRecord {
    static let databaseTableName = "t"
    var id: Int64
    var a: Int64
    var b: Double
    var c: String
  }

  static func insert(_ options: Options) throws {
    let queue = try GRDBWorkloads.open(options.database)
    try queue.write { db in try db.execute(sql: Rows.createTable) }
    var clock = Measurement()
    try queue.write { db in
      for i in 1...Int64(options.rows) {
        try Item(id: i, a: Rows.a(i), b: Rows.b(i), c: Rows.c(i)).insert(db)
      }
    }
    clock.stop()
    clock.report(check: try GRDBWorkloads.tableCheck(queue))
  }
}
