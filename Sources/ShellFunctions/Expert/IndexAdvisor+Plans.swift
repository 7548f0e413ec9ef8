extension IndexAdvisor {
  /// Each statement's plan in the index copy, and the candidates it uses (newest first, as
  /// sqlite3 lists them); lines of trigger plans' headings (`-- TRIGGER …`) are left out.
  func plans() throws(AdvisorError) -> [AdvisorReport.Query] {
    var queries: [AdvisorReport.Query?] = Array(repeating: nil, count: statements.count)
    // sqlite3 works from the last statement back, so the last one's error is the one told.
    for index in statements.indices.reversed() {
      var query = AdvisorReport.Query(sql: statements[index].rawBytes, indexes: [], plan: [])
      let rows = try RawDatabase.rows(indexDatabase, "EXPLAIN QUERY PLAN " + statements[index])
      for case let detail? in rows.map({ $0[3] }) {
        if let name = Self.indexName(in: detail.rawBytes),
          let candidate = candidates.first(where: { $0.name == name }),
          !query.indexes.contains(candidate.sql.rawBytes)
        {
          query.indexes.insert(candidate.sql.rawBytes, at: 0)
        }
        if !detail.hasPrefix("-") { query.plan.append(detail.rawBytes) }
      }
      queries[index] = query
    }
    return queries.compactMap { $0 }
  }

  /// The index a plan line names after ` USING INDEX ` or ` USING COVERING INDEX `, up to
  /// ` (` or the end; `nil` when neither phrase is there.
  static func indexName(in detail: [UInt8]) -> String? {
    let plain = Array(" USING INDEX ".utf8)
    let covering = Array(" USING COVERING INDEX ".utf8)
    for start in detail.indices {
      var nameStart: Int?
      if start + plain.count < detail.count,
        detail[start..<start + plain.count].elementsEqual(plain)
      {
        nameStart = start + plain.count
      } else if start + covering.count < detail.count,
        detail[start..<start + covering.count].elementsEqual(covering)
      {
        nameStart = start + covering.count
      }
      guard let nameStart else { continue }
      var end = nameStart
      while end < detail.count
        && !(detail[end] == UInt8(ascii: " ") && end + 1 < detail.count
          && detail[end + 1] == UInt8(ascii: "("))
      {
        end += 1
      }
      return String(rawBytes: detail[nameStart..<end])
    }
    return nil
  }
}
