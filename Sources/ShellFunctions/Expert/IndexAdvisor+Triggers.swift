import CSQLite

/// The name sqlite3's expert gives its scratch tables, assumed free in every database.
let advisorScratchTable = "t592690916721053953805701627921227776"

extension IndexAdvisor {
  /// Brings the statements that triggers run into the recording: for each table written to,
  /// a temporary copy with its triggers takes the same write, until no new table is written.
  func processTriggers() throws(AdvisorError) {
    var end = 0
    while writes.count > end {
      let start = writes.count
      // sqlite3 keeps the writes newest first and works through the new ones in that order.
      for index in stride(from: start - 1, through: end, by: -1) {
        try processTriggers(of: writes[index].table, writes[index].operation)
      }
      end = start
    }
  }

  private func processTriggers(of table: Int, _ operation: Int32) throws(AdvisorError) {
    let advised = tables[table]
    let creates = try RawDatabase.rows(
      db,
      "SELECT 'CREATE TEMP' || substr(sql, 7) FROM sqlite_schema WHERE tbl_name = "
        + advised.name.singleQuoted + " AND type IN ('table', 'trigger') ORDER BY type;")
    for case let sql? in creates.map({ $0[0] }) {
      try RawDatabase.execute(recordingDatabase, sql)
    }
    try RawDatabase.execute(
      recordingDatabase,
      "ALTER TABLE temp.\(advised.name.singleQuoted) RENAME TO \(advisorScratchTable.singleQuoted)"
    )
    let target = advisorScratchTable.singleQuoted
    let write: String
    switch operation {
    case SQLITE_INSERT:
      let values = Array(repeating: "?", count: advised.columns.count).joined(separator: ", ")
      write = "INSERT INTO \(target) VALUES(\(values))"
    case SQLITE_UPDATE:
      let sets = advised.columns.map { $0.name.singleQuoted + "=?" }.joined(separator: ", ")
      write = "UPDATE \(target) SET \(sets)"
    default:
      write = "DELETE FROM \(target)"
    }
    let statement = try RawDatabase.prepare(recordingDatabase, write)
    sqlite3_finalize(statement)
    try RawDatabase.execute(recordingDatabase, "DROP TABLE \(advisorScratchTable)")
  }
}
