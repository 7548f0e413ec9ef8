import CSQLite
import SQLiteCore

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
  func recordScan(of table: Int, _ info: IndexInfo) {
    let operators: [ConstraintOperator] = [
      .equal, .greaterThan, .lessThan, .greaterThanOrEqual, .lessThanOrEqual,
    ]
    // A bit mask, as sqlite3's expert tests it: other operators sharing a bit pass too.
    let mask = operators.reduce(UInt8(0)) { $0 | $1.rawValue }
    var scan = TableScan(table: table)
    let columns = tables[table].columns
    var used: Int32 = 0
    for constraint in info.constraints {
      guard constraint.isUsable, constraint.column >= 0, Int(constraint.column) < columns.count,
        !columns[Int(constraint.column)].isPrimaryKey,
        constraint.op.rawValue & mask != 0
      else { continue }
      let collation = info.collation(ofConstraint: constraint.index).map(String.init(rawBytes:))
      let term = ConstraintTerm(column: Int(constraint.column), collation: collation ?? "BINARY")
      if constraint.op == .equal {
        scan.equalities.insert(term, at: 0)
      } else {
        scan.ranges.insert(term, at: 0)
      }
      used += 1
      info.use(constraint.index, asArgument: used, omit: false)
    }
    for term in info.orderBy where term.column >= 0 && Int(term.column) < columns.count {
      scan.orderBy.append(
        ConstraintTerm(
          column: Int(term.column), collation: columns[Int(term.column)].collation,
          isDescending: term.isDescending))
      used += 1
    }
    scans.append(scan)
    info.estimatedCost = 1_000_000.0 / Double(used + 1)
  }
}
