import CSQLite
import SQLiteCore

/// `sqlite_expert_rem(I, X)`: gives back the value slot I held and keeps X there, so a query
/// can compare each row's column with the previous row's.
private final class RememberedValues {
  enum Stored {
    case none
    case integer(Int64)
    case real(Double)
    case text([UInt8])
    case blob([UInt8])
  }

  var slots: [Stored]
  init(count: Int) { slots = Array(repeating: .none, count: count) }

  func call(_ context: FunctionContext, _ arguments: FunctionArguments) {
    let slot = Int(arguments.int32(0))
    guard slots.indices.contains(slot) else { return }
    switch slots[slot] {
    case .none: break
    case .integer(let value): context.result(value)
    case .real(let value): context.result(value)
    case .text(let bytes): context.result(text: bytes)
    case .blob(let bytes): context.result(blob: bytes)
    }
    switch arguments.type(1) {
    case SQLITE_INTEGER: slots[slot] = .integer(arguments.int64(1))
    case SQLITE_FLOAT: slots[slot] = .real(arguments.double(1))
    case SQLITE_TEXT: slots[slot] = .text(arguments.textBytes(1) ?? [])
    case SQLITE_BLOB: slots[slot] = .blob(arguments.blobBytes(1) ?? [])
    default: slots[slot] = .none
    }
  }
}

/// `sqlite_expert_sample()`: true for about the wanted share of rows, as sqlite3 picks them.
private final class RowSampler {
  let percent: Int
  var rows = 0.0
  var taken = 0.0
  init(percent: Int) { self.percent = percent }

  func call(_ context: FunctionContext, _ arguments: FunctionArguments) {
    var isTaken = rows == 0 || taken / rows <= Double(percent) / 100
    if !isTaken {
      var random: UInt16 = 0
      sqlite3_randomness(2, &random)
      isTaken = Int(random) % 100 <= percent
    }
    context.result(Int64(isTaken ? 1 : 0))
    rows += 1
    taken += isTaken ? 1 : 0
  }
}

extension IndexAdvisor {
  /// Writes `sqlite_stat1` rows for every index in the index copy from the user's rows (all
  /// of them at 100 %, else a sample copied into the recording copy), then loads them.
  func populateStatistics() throws(AdvisorError) {
    let largest = try RawDatabase.rows(
      indexDatabase,
      "SELECT max(i.seqno) FROM sqlite_schema AS s, pragma_index_list(s.name) AS l,"
        + " pragma_index_info(l.name) AS i WHERE s.type = 'table'")
    let slotCount = (Int(largest.first?.first.flatMap { $0 } ?? "0") ?? 0) + 1
    try RawDatabase.execute(indexDatabase, "ANALYZE; PRAGMA writable_schema=1")
    let isWhole = samplePercent == 100
    let remembered = RememberedValues(count: slotCount + 1)
    let sampler = RowSampler(percent: samplePercent)
    let readDatabase = isWhole ? db : recordingDatabase
    defer {
      FunctionRegistration(db: db).remove("sqlite_expert_rem", 2)
      FunctionRegistration(db: db).remove("sqlite_expert_sample", 0)
      _ = try? RawDatabase.execute(db, "DROP TABLE IF EXISTS temp.\(advisorScratchTable)")
    }
    do {
      try FunctionRegistration(db: readDatabase).scalar("sqlite_expert_rem", 2, [], remembered.call)
      try FunctionRegistration(db: db).scalar("sqlite_expert_sample", 0, [], sampler.call)
    } catch {
      throw AdvisorError(
        message: String(rawBytes: error.message.utf8), code: error.primaryCode.rawValue)
    }
    let indexes = try RawDatabase.rows(
      indexDatabase,
      "SELECT s.rowid, s.name, l.name FROM sqlite_schema AS s, pragma_index_list(s.name) AS l"
        + " WHERE s.type = 'table'")
    var previousTable: String?
    for row in indexes {
      guard let table = row[1], let index = row[2] else { continue }
      if !isWhole && previousTable != row[0] {
        sampler.rows = 0
        sampler.taken = 0
        try RawDatabase.execute(
          recordingDatabase, "DROP TABLE IF EXISTS temp.\(advisorScratchTable)")
        try RawDatabase.execute(
          recordingDatabase,
          "CREATE TABLE temp.\(advisorScratchTable) AS SELECT * FROM \(table.singleQuoted)")
      }
      try writeStatistics(table: table, index: index, reading: readDatabase)
      previousTable = row[0]
    }
    if !isWhole {
      try RawDatabase.execute(
        recordingDatabase, "DROP TABLE IF EXISTS temp.\(advisorScratchTable)")
    }
    try RawDatabase.execute(indexDatabase, "ANALYZE sqlite_schema")
  }

  /// One index's `sqlite_stat1` row: the row count, then for each leading column list the
  /// average number of rows that share its values (rounded), from one ordered pass.
  private func writeStatistics(
    table: String, index: String, reading readDatabase: OpaquePointer
  ) throws(AdvisorError) {
    let keys = try RawDatabase.rows(
      indexDatabase, "SELECT name, coll FROM pragma_index_xinfo(?) WHERE key", [index])
    var comparisons: [String] = []
    for key in keys {
      // An index on an expression gets no figures.
      guard let name = key[0] else { return }
      comparisons.append(
        "x.\(name.singleQuoted) IS sqlite_expert_rem(\(comparisons.count), x.\(name.singleQuoted))"
          + " COLLATE \(key[1] ?? "")")
    }
    let order = (1...max(comparisons.count, 1)).map(String.init).joined(separator: ", ")
    let source =
      samplePercent == 100 ? table.singleQuoted : "temp.\(advisorScratchTable)"
    guard
      let query = try RawDatabase.prepare(
        readDatabase,
        "SELECT \(comparisons.joined(separator: ", ")) FROM \(source) x ORDER BY \(order)")
    else { return }
    defer { sqlite3_finalize(query) }
    var counts = Array(repeating: 1, count: comparisons.count + 1)
    var rc = sqlite3_step(query)
    guard rc == SQLITE_ROW else {
      if rc == SQLITE_DONE { return }
      throw RawDatabase.error(readDatabase, rc)
    }
    rc = sqlite3_step(query)
    while rc == SQLITE_ROW {
      counts[0] += 1
      let columns = Int32(comparisons.count)
      let firstChange = (0..<columns).first { sqlite3_column_int(query, $0) == 0 } ?? columns
      for column in Int(firstChange)..<comparisons.count { counts[column + 1] += 1 }
      rc = sqlite3_step(query)
    }
    guard rc == SQLITE_DONE else { throw RawDatabase.error(readDatabase, rc) }
    let total = counts[0]
    let figures = [String(total)] + counts.dropFirst().map { String((total + $0 / 2) / $0) }
    let statistics = figures.joined(separator: " ")
    _ = try? RawDatabase.rows(
      indexDatabase, "INSERT INTO sqlite_stat1 VALUES(?, ?, ?)", [table, index, statistics])
    if let position = candidates.firstIndex(where: { $0.name == index }) {
      candidates[position].statistics = statistics
    }
  }
}
