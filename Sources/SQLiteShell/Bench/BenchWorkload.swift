import SQLiteCore

/// What `.bench` runs: the bank (the default) or the user's `--read`, `--write` and `--script`
/// transactions, with the parameters each transaction draws.
struct BenchWorkload: Sendable {
  /// The transactions readers pick from (by weight).
  var reads: [BenchTransaction]
  /// The transactions writers pick from (by weight).
  var writes: [BenchTransaction]
  /// The `--param` distributions, by name.
  var parameters: [String: ParameterDistribution]
  /// Whether this is the bank, whose total is checked.
  var isBank: Bool
  /// Values every transaction binds as they are (the bank's run id and half-way account).
  var constants: [String: Value] = [:]
  /// The distributions in name order, so a seed draws the same values in the same order, each
  /// ready to draw from.
  var parameterSamplers: [(String, ParameterSampler)] {
    parameters.sorted { $0.key < $1.key }.map { ($0.key, ParameterSampler($0.value)) }
  }

  static let accountsTable = "bench_accounts"
  static let historyTable = "bench_history"
  /// Every account's opening balance.
  static let openingBalance: Int64 = 1_000

  /// The workload `options` ask for; reads `--script` files.
  static func make(_ options: BenchOptions) throws(BenchError) -> BenchWorkload {
    guard !options.isBank else { return bank(options) }
    let reads = options.reads.map {
      BenchTransaction(name: "--read", kind: .read, steps: [BenchTransaction.Step(sql: $0)])
    }
    var writes = options.writes.map {
      BenchTransaction(name: "--write", kind: .write, steps: [BenchTransaction.Step(sql: $0)])
    }
    for script in options.scripts {
      guard let reader = LineReader.open(path: script.path) else {
        throw BenchError(message: "--script: cannot read \"\(script.path)\"")
      }
      var lines: [String] = []
      while let line = reader.nextLine() { lines.append(line) }
      reader.close()
      let text = lines.joined(separator: "\n")
      let statements = BenchTransaction.statements(in: text)
      guard !statements.isEmpty else {
        throw BenchError(message: "--script: no SQL in \"\(script.path)\"")
      }
      // The kind is decided once the statements are prepared (see `resolve`).
      writes.append(
        BenchTransaction(
          name: script.path, kind: .write, steps: statements.map { .init(sql: $0) },
          weight: script.weight))
    }
    return BenchWorkload(
      reads: reads, writes: writes, parameters: options.parameters, isBank: false)
  }

  private static func bank(_ options: BenchOptions) -> BenchWorkload {
    let accounts = accountsTable
    let transfer = BenchTransaction(
      name: "bank transfer", kind: .write,
      steps: [
        .init(sql: "UPDATE \(accounts) SET balance = balance - :amount WHERE id = :src"),
        .init(sql: "UPDATE \(accounts) SET balance = balance + :amount WHERE id = :dst"),
        .init(
          sql:
            "INSERT INTO \(historyTable)(run, src, dst, amount) VALUES (:run, :src, :dst, :amount)"
        ),
      ])
    let total = BenchTransaction(
      name: "bank total", kind: .read,
      steps: [
        .init(sql: "SELECT sum(balance) FROM \(accounts) WHERE id <= :half"),
        .init(sql: "SELECT sum(balance) FROM \(accounts) WHERE id > :half"),
      ])
    var parameters = options.parameters
    let count = Int64(options.accounts)
    parameters["src"] = .uniform(lower: 1, upper: count)
    parameters["dst"] = .uniform(lower: 1, upper: count)
    parameters["amount"] = parameters["amount"] ?? .uniform(lower: 1, upper: 100)
    return BenchWorkload(
      reads: [total], writes: [transfer], parameters: parameters, isBank: true)
  }

  /// Creates the bank's tables (when missing) and returns whether it created them.
  ///
  /// In one transaction: a run killed while it fills the bank leaves no empty bank behind.
  static func createBank(on db: Connection, accounts: Int) throws -> Bool {
    try db.beginTransaction(.immediate)
    do {
      let created = try fillBank(on: db, accounts: accounts)
      try db.commit()
      return created
    } catch {
      try? db.rollback()
      throw error
    }
  }

  private static func fillBank(on db: Connection, accounts: Int) throws -> Bool {
    let exists =
      try db.scalar(
        "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?", [accountsTable],
        as: Int.self) ?? 0 > 0
    if exists { return false }
    try db.execute(
      """
      CREATE TABLE \(accountsTable)(id INTEGER PRIMARY KEY, balance INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS \(historyTable)(
        id INTEGER PRIMARY KEY, run INTEGER NOT NULL, src INTEGER, dst INTEGER, amount INTEGER);
      """)
    try db.execute(
      """
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
      INSERT INTO \(accountsTable)(id, balance) SELECT i, ? FROM n
      """, [Int64(accounts), openingBalance])
    return true
  }

  /// Prepares every statement once on `db`: finds parameter names, checks each has a `--param`
  /// (or is a constant), checks `--read` is read-only, and sorts scripts into reads and writes.
  mutating func resolve(on db: Connection) throws(BenchError) {
    var all = reads + writes
    for index in all.indices {
      var isReadOnly = true
      for stepIndex in all[index].steps.indices {
        let sql = all[index].steps[stepIndex].sql
        let statement: Statement
        do {
          statement = try db.prepare(sql)
        } catch {
          throw BenchError(
            message: "\(all[index].name): \(error.message)\n  \(sql)")
        }
        isReadOnly = isReadOnly && statement.isReadOnly
        var names: [String] = []
        for name in statement.parameterNames {
          guard let name, name.count > 1 else {
            throw BenchError(
              message: "\(all[index].name): use named parameters (:name), not ?\n  \(sql)")
          }
          let key = String(name.dropFirst())
          guard parameters[key] != nil || constants[key] != nil else {
            throw BenchError(
              message: "\(all[index].name): no --param for \(name)\n  \(sql)")
          }
          names.append(key)
        }
        all[index].steps[stepIndex].parameterNames = names
      }
      if all[index].name == "--read" && !isReadOnly {
        throw BenchError(
          message: "--read: the statement writes; use --write\n  \(all[index].steps[0].sql)")
      }
      if all[index].name != "--read" && all[index].name != "--write" {
        all[index].kind = isReadOnly ? .read : .write
      }
    }
    reads = all.filter { $0.kind == .read }
    writes = all.filter { $0.kind == .write }
  }

  /// Draws one transaction of `kind`'s list (by weight) and its parameter values.
  func draw(
    from transactions: [BenchTransaction], order: [(String, ParameterSampler)],
    _ random: inout BenchRandom
  ) -> (BenchTransaction, [String: Value]) {
    var chosen = transactions[0]
    if transactions.count > 1 {
      let total = transactions.reduce(0) { $0 + $1.weight }
      var pick = Int.random(in: 0..<total, using: &random)
      for transaction in transactions {
        if pick < transaction.weight {
          chosen = transaction
          break
        }
        pick -= transaction.weight
      }
    }
    var values = constants
    for (name, sampler) in order { values[name] = sampler.draw(&random) }
    return (chosen, values)
  }
}
