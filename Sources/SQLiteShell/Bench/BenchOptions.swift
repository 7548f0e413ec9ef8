/// What `.bench` was asked to run, parsed from its arguments.
package struct BenchOptions: Sendable, Equatable {
  /// `--readers N`: tasks running read transactions.
  var readers = 4
  /// `--writers M`: tasks running write transactions.
  var writers = 1
  /// `--duration S`: seconds to run (the default when `--transactions` is not given).
  var duration: Double? = 5
  /// `--transactions N`: transactions each reader and each writer runs, instead of a duration.
  var transactions: Int?
  /// `--rate R`: transactions per second in all, scheduled (open loop); `nil` runs flat out.
  var rate: Double?
  /// `--latency-limit MS`: transactions slower than this (from their scheduled start) are late.
  var latencyLimit: Double?
  /// `--max-tries N`: tries a transaction gets when it meets `SQLITE_BUSY`.
  var maxTries = 10
  /// `--progress S`: a progress line every S seconds (on a terminal only).
  var progress: Double?
  /// `--json`: one JSON document instead of the report.
  var json = false
  /// `--unsafe-reads`: each statement of a read in its own read, not one snapshot.
  var unsafeReads = false
  /// `--sweep 1,2,4,8`: the same workload once per reader count.
  var sweep: [Int]?
  /// `--compare FILE.json`: ratios against an earlier `--json` result.
  var compare: String?
  /// `--here`: run in the open database file instead of a scratch file.
  var here = false
  /// `--commit-log FILE`: after each write transaction's COMMIT returns, its last inserted
  /// rowid (the bank's `bench_history` id) is appended here as a line, with `write(2)`.
  var commitLog: String?
  /// `--seed N`: the PRNG seed; `nil` picks one (and the report shows it).
  var seed: UInt64?
  /// `--accounts N`: bank accounts in the default workload.
  var accounts = 1_000
  /// `--read SQL` texts.
  var reads: [String] = []
  /// `--write SQL` texts.
  var writes: [String] = []
  /// `--script FILE@W`: files of SQL, each with a weight.
  var scripts: [Script] = []
  /// `--param NAME=DIST`, by name (without the `:`).
  package var parameters: [String: ParameterDistribution] = [:]

  /// A `--script FILE@W` argument.
  struct Script: Sendable, Equatable {
    /// The file's path.
    var path: String
    /// How often it is picked, relative to the others of its kind.
    var weight: Int
  }

  /// Whether the bank is the workload (no `--read`, `--write` or `--script`).
  var isBank: Bool { reads.isEmpty && writes.isEmpty && scripts.isEmpty }

  /// Parses `.bench`'s arguments (the words after `.bench`).
  package static func parse(_ arguments: [String]) throws(BenchError) -> BenchOptions {
    var options = BenchOptions()
    var words = arguments[...]
    while let word = words.popFirst() {
      var name = word
      var inline: String?
      if let equals = word.firstIndex(of: "="), word.hasPrefix("--") {
        name = String(word[..<equals])
        inline = String(word[word.index(after: equals)...])
      }
      func value() throws(BenchError) -> String {
        if let inline { return inline }
        guard let next = words.popFirst() else {
          throw BenchError(message: "\(name) needs a value")
        }
        return next
      }
      try options.apply(name, value)
    }
    try options.validate()
    return options
  }

  private mutating func apply(
    _ name: String, _ value: () throws(BenchError) -> String
  ) throws(BenchError) {
    switch name {
    case "--readers": readers = try Self.integer(name, value(), in: 0...256)
    case "--writers": writers = try Self.integer(name, value(), in: 0...64)
    case "--duration":
      duration = try Self.number(name, value(), above: 0)
      transactions = nil
    case "--transactions":
      transactions = try Self.integer(name, value(), in: 1...Int(Int32.max))
      duration = nil
    case "--rate": rate = try Self.number(name, value(), above: 0)
    case "--latency-limit": latencyLimit = try Self.number(name, value(), above: 0)
    case "--max-tries": maxTries = try Self.integer(name, value(), in: 1...1_000_000)
    case "--progress": progress = try Self.number(name, value(), above: 0)
    case "--accounts": accounts = try Self.integer(name, value(), in: 2...100_000_000)
    case "--seed":
      let text = try value()
      guard let seed = UInt64(text) else {
        throw BenchError(message: "--seed: expected a non-negative integer, got \"\(text)\"")
      }
      self.seed = seed
    case "--json": json = true
    case "--unsafe-reads": unsafeReads = true
    case "--here": here = true
    case "--sweep": sweep = try Self.sweep(value())
    case "--compare": compare = try value()
    case "--commit-log": commitLog = try value()
    case "--read": reads.append(try value())
    case "--write": writes.append(try value())
    case "--script": scripts.append(try Self.script(value()))
    case "--param":
      let text = try value()
      do {
        let (parameter, distribution) = try ParameterDistribution.parse(text)
        parameters[parameter] = distribution
      } catch {
        throw BenchError(
          message: "--param: \(error.message) at position \(error.position + 1)\n  \(text)\n  "
            + String(repeating: " ", count: error.position) + "^")
      }
    default:
      let hint = Self.closestOption(to: name).map { "did you mean \($0)? " } ?? ""
      throw BenchError(message: "unknown option \"\(name)\": \(hint)see .help bench")
    }
  }

  /// Every option ``apply(_:_:)`` reads.
  static let optionNames = [
    "--readers", "--writers", "--duration", "--transactions", "--rate", "--latency-limit",
    "--max-tries", "--progress", "--accounts", "--seed", "--json", "--unsafe-reads", "--here",
    "--sweep", "--compare", "--commit-log", "--read", "--write", "--script", "--param",
  ]

  /// Words people reach for that `.bench` spells otherwise (pgbench's, sysbench's, `time`).
  private static let synonyms = [
    "seconds": "--duration", "time": "--duration", "threads": "--readers",
    "clients": "--readers", "tx": "--transactions", "count": "--transactions",
  ]

  /// The option `written` most likely meant: a synonym, or the one within two edits (a third
  /// for long names), when only one is that close or only one of those begins with it
  /// (`--writer`: `--writers`, not `--write`).
  static func closestOption(to written: String) -> String? {
    let bare = String(written.drop { $0 == "-" }).lowercased()
    if let synonym = synonyms[bare] { return synonym }
    let typed = "--" + bare
    let scored = optionNames.map { (ColumnSuggestions.editDistance(typed, $0), $0) }
    guard let best = scored.min(by: { $0.0 < $1.0 }) else { return nil }
    let limit = typed.count > 10 ? 3 : 2
    let closest = scored.filter { $0.0 == best.0 }.map(\.1)
    guard best.0 <= limit else { return nil }
    if closest.count == 1 { return closest[0] }
    let extending = closest.filter { $0.hasPrefix(typed) }
    return extending.count == 1 ? extending[0] : nil
  }

  private func validate() throws(BenchError) {
    if readers == 0 && writers == 0 && sweep == nil {
      throw BenchError(message: "nothing to run: --readers and --writers are both 0")
    }
    if latencyLimit != nil && rate == nil {
      throw BenchError(message: "--latency-limit needs --rate (latency is from scheduled starts)")
    }
    if sweep != nil && compare != nil {
      throw BenchError(message: "--sweep and --compare cannot be used together")
    }
  }

  private static func integer(
    _ name: String, _ text: String, in range: ClosedRange<Int>
  ) throws(BenchError) -> Int {
    guard let value = Int(text), range.contains(value) else {
      throw BenchError(
        message: "\(name): expected an integer from \(range.lowerBound) to \(range.upperBound),"
          + " got \"\(text)\"")
    }
    return value
  }

  private static func number(
    _ name: String, _ text: String, above minimum: Double
  ) throws(BenchError) -> Double {
    guard let value = Double(text), value.isFinite, value > minimum else {
      throw BenchError(message: "\(name): expected a number above \(Int(minimum)), got \"\(text)\"")
    }
    return value
  }

  private static func sweep(_ text: String) throws(BenchError) -> [Int] {
    let counts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
    guard !counts.isEmpty, counts.allSatisfy({ ($0 ?? -1) >= 0 && ($0 ?? 0) <= 256 }) else {
      throw BenchError(
        message: "--sweep: expected reader counts from 0 to 256 separated by commas (1,2,4,8),"
          + " got \"\(text)\"")
    }
    return counts.compactMap { $0 }
  }

  private static func script(_ text: String) throws(BenchError) -> Script {
    guard let at = text.lastIndex(of: "@") else { return Script(path: text, weight: 1) }
    let path = String(text[..<at])
    guard !path.isEmpty, let weight = Int(text[text.index(after: at)...]), weight >= 1,
      weight <= 1_000_000
    else {
      throw BenchError(
        message: "--script: expected FILE or FILE@WEIGHT with a weight from 1 to 1000000,"
          + " got \"\(text)\"")
    }
    return Script(path: path, weight: weight)
  }
}
