import SQLiteCore

/// One kind of transaction a `.bench` worker runs: its statements and how often it is picked.
struct BenchTransaction: Sendable {
  /// Which workers run it.
  enum Kind: String, Sendable {
    /// Readers, in a read snapshot (or, with `--unsafe-reads`, one read per statement).
    case read
    /// Writers, in `BEGIN IMMEDIATE … COMMIT`.
    case write
  }

  /// One statement and the names of its parameters, by index (without the `:`).
  struct Step: Sendable {
    /// The SQL of one statement.
    var sql: String
    /// The name bound at each parameter index (1-based index = position + 1).
    var parameterNames: [String] = []
  }

  /// Where it came from, for messages (`--read`, `bank transfer`, a script's path).
  var name: String
  /// Readers or writers.
  var kind: Kind
  /// Its statements, run in order.
  var steps: [Step]
  /// How often it is picked among the transactions of its kind.
  var weight = 1

  /// Runs one statement with `values` bound; returns the sum of the first column of its rows.
  static func run(_ step: Step, on db: Connection, _ values: [String: Value]) throws -> Int64 {
    let statement = try db.cachedStatement(step.sql)
    defer { statement.reset() }
    for (index, name) in step.parameterNames.enumerated() {
      try statement.bind(values[name] ?? .null, at: index + 1)
    }
    var sum: Int64 = 0
    if statement.columnCount == 0 {
      try statement.run()
    } else {
      while try statement.step() { sum &+= statement.int64(at: 0) }
    }
    return sum
  }

  /// Runs every statement; returns the sum of their first columns (the bank's total).
  func runAll(on db: Connection, _ values: [String: Value]) throws -> Int64 {
    var sum: Int64 = 0
    for step in steps { sum &+= try Self.run(step, on: db, values) }
    return sum
  }

  /// Splits a script into statements at each `;` that ends a complete statement.
  static func statements(in script: String) -> [String] {
    var result: [String] = []
    var pending = ""
    for piece in script.split(separator: ";", omittingEmptySubsequences: false) {
      pending += piece + ";"
      if Connection.isComplete(pending) {
        let trimmed = pending.trimmingWhitespace()
        if trimmed != ";" { result.append(trimmed) }
        pending = ""
      }
    }
    // What follows the last complete statement counts only if it is more than comments.
    let rest = pending.dropLast().description.trimmingWhitespace()
    let scan = rest.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .reduce(QuickScan.start) { $0.scanning($1) }
    if !scan.isPlainWhite { result.append(rest) }
    return result
  }
}

extension String {
  /// The string without leading and trailing ASCII white space.
  fileprivate func trimmingWhitespace() -> String {
    let isSpace: (UInt8) -> Bool = { $0 == 32 || (9...13).contains($0) }
    var bytes = utf8[...]
    while let first = bytes.first, isSpace(first) { bytes = bytes.dropFirst() }
    while let last = bytes.last, isSpace(last) { bytes = bytes.dropLast() }
    return String(decoding: bytes, as: UTF8.self)
  }
}
