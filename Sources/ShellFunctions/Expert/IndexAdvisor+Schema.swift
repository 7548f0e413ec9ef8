import CSQLite

extension IndexAdvisor {
  /// Fills the recording copy: each table of `main` as a recording virtual table with the
  /// same columns and collations, then the views, then the triggers on views.
  func createRecordingSchema() throws(AdvisorError) {
    try RecordingTable.register(on: recordingDatabase, advisor: self)
    let schema = try RawDatabase.rows(
      db,
      "SELECT type, name, sql, 1 FROM sqlite_schema"
        + " WHERE type IN ('table','view') AND name NOT LIKE 'sqlite_%'"
        + " UNION ALL SELECT type, name, sql, 2 FROM sqlite_schema WHERE type = 'trigger'"
        + " AND tbl_name IN(SELECT name FROM sqlite_schema WHERE type = 'view') ORDER BY 4, 1")
    for row in schema {
      guard let type = row[0], let name = row[1] else { continue }
      if type == "view" || type == "trigger" {
        if let sql = row[2] { try RawDatabase.execute(recordingDatabase, sql) }
        continue
      }
      let table = try tableInfo(name)
      tables.append(table)
      let columns = table.columns.map { $0.name.singleQuoted + " COLLATE " + $0.collation }
      let declaration = "CREATE TABLE x(" + columns.joined(separator: ", ") + ")"
      try RawDatabase.execute(
        recordingDatabase,
        "CREATE VIRTUAL TABLE \(name.singleQuoted) USING expert(\(declaration.singleQuoted))")
    }
  }

  /// The columns of table `name` in `main`: `PRAGMA table_xinfo`, each column's declared
  /// collation, and whether it alone is the primary key.
  func tableInfo(_ name: String) throws(AdvisorError) -> AdvisedTable {
    let rows = try RawDatabase.rows(db, "PRAGMA table_xinfo=\(name.singleQuoted)")
    let keyCount = rows.filter { (Int($0[5] ?? "") ?? 0) > 0 }.count
    var columns: [AdvisedTable.Column] = []
    for row in rows {
      guard let column = row[1] else {
        throw AdvisorError(message: "unknown error", code: SQLITE_ERROR)
      }
      var collation: UnsafePointer<CChar>?
      let rc = sqlite3_table_column_metadata(
        db, "main", name.cBytes, column.cBytes, nil, &collation, nil, nil, nil)
      guard rc == SQLITE_OK else { throw RawDatabase.error(db, rc) }
      columns.append(
        AdvisedTable.Column(
          name: column, collation: collation.map(String.init(rawCString:)) ?? "binary",
          isPrimaryKey: row[5] == "1" && keyCount == 1))
    }
    return AdvisedTable(name: name, columns: columns)
  }

  /// Records what the planner offers a recording table in one `xBestIndex` call, and says
  /// every offered constraint is used, so that the plan is the one an index would give.
  func recordScan(of table: Int, _ info: UnsafeMutablePointer<sqlite3_index_info>) {
    let operators =
      SQLITE_INDEX_CONSTRAINT_EQ | SQLITE_INDEX_CONSTRAINT_GT | SQLITE_INDEX_CONSTRAINT_LT
      | SQLITE_INDEX_CONSTRAINT_GE | SQLITE_INDEX_CONSTRAINT_LE
    var scan = TableScan(table: table)
    let columns = tables[table].columns
    var used: Int32 = 0
    for index in 0..<Int(info.pointee.nConstraint) {
      guard let constraint = info.pointee.aConstraint?[index], constraint.usable != 0,
        constraint.iColumn >= 0, Int(constraint.iColumn) < columns.count,
        !columns[Int(constraint.iColumn)].isPrimaryKey,
        Int32(constraint.op) & operators != 0
      else { continue }
      let collation = sqlite3_vtab_collation(info, Int32(index)).map(String.init(rawCString:))
      let term = ConstraintTerm(column: Int(constraint.iColumn), collation: collation ?? "BINARY")
      if Int32(constraint.op) == SQLITE_INDEX_CONSTRAINT_EQ {
        scan.equalities.insert(term, at: 0)
      } else {
        scan.ranges.insert(term, at: 0)
      }
      used += 1
      info.pointee.aConstraintUsage[index].argvIndex = used
    }
    for index in 0..<Int(info.pointee.nOrderBy) {
      guard let term = info.pointee.aOrderBy?[index], term.iColumn >= 0,
        Int(term.iColumn) < columns.count
      else { continue }
      scan.orderBy.append(
        ConstraintTerm(
          column: Int(term.iColumn), collation: columns[Int(term.iColumn)].collation,
          isDescending: term.desc != 0))
      used += 1
    }
    scans.append(scan)
    info.pointee.estimatedCost = 1_000_000.0 / Double(used + 1)
  }
}
