import CSQLite

extension IndexAdvisor {
  /// Creates, in the index copy, the candidates sqlite3 derives from `scan` with `tail` (the
  /// ORDER BY terms, or none).
  func createCandidates(for scan: TableScan, tail: [ConstraintTerm]) throws(AdvisorError) {
    let lists = CandidateIndex.columnLists(
      equalities: scan.equalities, ranges: scan.ranges, tail: tail)
    for list in lists where !(list.equalities.isEmpty && list.tail.isEmpty) {
      guard try !hasCompatibleIndex(scan.table, list.equalities, list.tail) else { continue }
      try createCandidate(scan.table, list.equalities + list.tail)
    }
  }

  /// Whether an index on the table in the index copy (the user's or an earlier candidate)
  /// already starts with `equalities` in any order, then `tail`, in their collations.
  private func hasCompatibleIndex(
    _ table: Int, _ equalities: [ConstraintTerm], _ tail: [ConstraintTerm]
  ) throws(AdvisorError) -> Bool {
    let name = tables[table].name
    let indexes = try RawDatabase.rows(indexDatabase, "PRAGMA index_list=\(name.singleQuoted)")
    for case let index? in indexes.map({ $0[1] }) {
      var matched = [Bool](repeating: false, count: equalities.count)
      var remainingTail = tail[...]
      var isMatch = true
      let columns = try RawDatabase.rows(
        indexDatabase, "PRAGMA index_xInfo=\(index.singleQuoted)")
      for row in columns {
        let position = Int(row[0] ?? "") ?? 0
        let column = Int(row[1] ?? "") ?? 0
        let collation = row[4]
        if position < equalities.count {
          let found = equalities.indices.first { candidate in
            !matched[candidate] && equalities[candidate].column == column
              && collation.map { equalities[candidate].collation.equalsIgnoringCase($0) } ?? false
          }
          guard let found else {
            isMatch = false
            break
          }
          matched[found] = true
        } else if let next = remainingTail.first {
          guard next.column == column,
            collation.map({ next.collation.equalsIgnoringCase($0) }) ?? false
          else {
            isMatch = false
            break
          }
          remainingTail = remainingTail.dropFirst()
        }
      }
      if isMatch { return true }
    }
    return false
  }

  /// Names the index (trying again, up to 50 times, while the name is taken), creates it in
  /// the index copy and adds it to the candidates.
  private func createCandidate(_ table: Int, _ terms: [ConstraintTerm]) throws(AdvisorError) {
    let advised = tables[table]
    let columns = terms.map { CandidateIndex.columnDefinition(advised.columns[$0.column], $0) }
      .joined(separator: ", ")
    var hash: UInt32 = 0
    for _ in 0..<50 {
      hash = CandidateIndex.hash(columns, seed: hash)
      let name = CandidateIndex.name(table: advised.name, hash: hash)
      let taken = try RawDatabase.rows(
        indexDatabase,
        "SELECT count(*) FROM sqlite_schema WHERE name=\(name.singleQuoted)"
          + " AND type in ('index','table','view')")
      guard taken.first?.first == "0" else { continue }
      let sql = CandidateIndex.createStatement(name: name, table: advised.name, columns: columns)
      try RawDatabase.execute(indexDatabase, sql)
      candidates.append((name, sql, nil))
      return
    }
    throw AdvisorError(message: "Cannot find a unique index name to propose.", code: SQLITE_ERROR)
  }
}
