import CSQLite
package import SQLiteCore

/// sqlite3 3.40.1's index advisor (`.expert`): given SQL, the indexes that would help it, and
/// the query plan with them.
///
/// It works on two in-memory copies of the `main` schema. In one, each table is a virtual
/// table whose `xBestIndex` records what the query planner would like an index for (the `=`
/// and range constraints, and the ORDER BY); preparing the statements there collects those
/// wishes. Candidate indexes built from them go into the other copy, where `EXPLAIN QUERY
/// PLAN` shows which ones the planner takes. With a sample percentage above 0, the candidates
/// get `sqlite_stat1` figures from the table's rows first. The user's database is only read.
package final class IndexAdvisor {
  /// The user's connection, kept open while the advisor lives.
  package let connection: Connection
  /// Its handle.
  let db: OpaquePointer
  /// The copy of the schema with candidate indexes (sqlite3's `dbm`).
  let indexDatabase: OpaquePointer
  /// The copy of the schema made of recording virtual tables (sqlite3's `dbv`).
  let recordingDatabase: OpaquePointer
  /// The percentage of each table's rows read for `sqlite_stat1`; 0 reads none.
  package var samplePercent = 0

  var tables: [AdvisedTable] = []
  /// Every scan the planner considered, oldest first.
  var scans: [TableScan] = []
  /// Every table written to and how (`SQLITE_INSERT`, …), oldest first.
  var writes: [(table: Int, operation: Int32)] = []
  /// The statements to advise on, in order.
  var statements: [String] = []
  /// Candidate indexes by creation, oldest first: name, statement, `sqlite_stat1` figures.
  var candidates: [(name: String, sql: String, statistics: String?)] = []

  /// Copies the schema of `connection`'s `main` database (sqlite3's `sqlite3_expert_new`).
  ///
  /// - Throws: ``AdvisorError`` when the schema cannot be copied, e.g. a collation or
  ///   function it needs exists only on `connection`.
  package init(connection: Connection) throws(AdvisorError) {
    self.connection = connection
    db = connection.withUnsafeHandle { $0 }
    recordingDatabase = try RawDatabase.openScratch()
    do {
      indexDatabase = try RawDatabase.openScratch()
    } catch {
      sqlite3_close_v2(recordingDatabase)
      throw error
    }
    _ = csqlite_db_config_int(indexDatabase, SQLITE_DBCONFIG_TRIGGER_EQP, 1, nil)
    let schema = try RawDatabase.rows(
      db,
      "SELECT sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'"
        + " AND sql NOT LIKE 'CREATE VIRTUAL %'")
    for case let sql? in schema.map({ $0[0] }) {
      try RawDatabase.execute(indexDatabase, sql)
    }
    try createRecordingSchema()
    sqlite3_set_authorizer(
      recordingDatabase,
      { context, action, table, _, database, _ in
        guard let context, let table, let database else { return SQLITE_OK }
        let advisor = Unmanaged<IndexAdvisor>.fromOpaque(context).takeUnretainedValue()
        advisor.recordWrite(
          action, table: String(rawCString: table), in: String(rawCString: database))
        return SQLITE_OK
      }, Unmanaged.passUnretained(self).toOpaque())
  }

  deinit {
    sqlite3_close_v2(recordingDatabase)
    sqlite3_close_v2(indexDatabase)
  }

  /// Adds each statement of `sql` (sqlite3's `sqlite3_expert_sql`).
  ///
  /// - Throws: ``AdvisorError`` with the message of the first statement that does not
  ///   prepare, on the user's database or on the copy.
  package func add(_ sql: [UInt8]) throws(AdvisorError) {
    let text = UnsafeMutablePointer<CChar>.allocate(capacity: sql.count + 1)
    defer { text.deallocate() }
    for (index, byte) in sql.enumerated() { text[index] = CChar(bitPattern: byte) }
    text[sql.count] = 0
    var offset = 0
    while offset < sql.count && text[offset] != 0 {
      var statement: OpaquePointer?
      var rc = sqlite3_prepare_v2(db, text + offset, -1, &statement, nil)
      sqlite3_finalize(statement)
      guard rc == SQLITE_OK else { throw RawDatabase.error(db, rc) }
      var tail: UnsafePointer<CChar>?
      rc = sqlite3_prepare_v2(recordingDatabase, text + offset, -1, &statement, &tail)
      guard rc == SQLITE_OK else { throw RawDatabase.error(recordingDatabase, rc) }
      if let statement {
        statements.append(String(rawCString: sqlite3_sql(statement)))
        sqlite3_finalize(statement)
      }
      guard let tail, tail > UnsafePointer(text + offset) else { break }
      offset = tail - UnsafePointer(text)
    }
  }

  /// Builds the candidates, then finds the ones each statement's plan uses (sqlite3's
  /// `sqlite3_expert_analyze` and `sqlite3_expert_report`).
  ///
  /// - Throws: ``AdvisorError`` from the trigger copies, the sampling, or a plan.
  package func analyze() throws(AdvisorError) -> AdvisorReport {
    try processTriggers()
    for scan in scans.reversed() {
      try createCandidates(for: scan, tail: [])
      if !scan.orderBy.isEmpty { try createCandidates(for: scan, tail: scan.orderBy) }
    }
    if samplePercent > 0 { try populateStatistics() }
    let candidateLines = candidates.reversed().map { candidate in
      (candidate.sql + ";" + (candidate.statistics.map { " -- stat1: " + $0 } ?? "")).rawBytes
    }
    return AdvisorReport(candidates: candidateLines, queries: try plans())
  }

  /// The authorizer of the recording copy: notes each table of `main` written to, once per
  /// kind of write, so its triggers can be examined.
  func recordWrite(_ action: Int32, table name: String, in database: String) {
    guard action == SQLITE_INSERT || action == SQLITE_UPDATE || action == SQLITE_DELETE,
      database.equalsIgnoringCase("main"),
      let table = tables.lastIndex(where: { $0.name.equalsIgnoringCase(name) }),
      !writes.contains(where: { $0.table == table && $0.operation == action })
    else { return }
    writes.append((table, action))
  }
}

/// What ``IndexAdvisor/analyze()`` found, as SQLite's bytes (names need not be UTF-8).
package struct AdvisorReport {
  /// Advice for one statement.
  package struct Query {
    /// The statement as prepared.
    package var sql: [UInt8]
    /// The `CREATE INDEX` statements of the candidates its plan uses, without `;`.
    package var indexes: [[UInt8]]
    /// The detail column of its `EXPLAIN QUERY PLAN`, a line each.
    package var plan: [[UInt8]]
  }

  /// Every candidate index, with ` -- stat1: …` when sampled (sqlite3's `-verbose` list).
  package var candidates: [[UInt8]]
  /// The statements in the order given.
  package var queries: [Query]
}
