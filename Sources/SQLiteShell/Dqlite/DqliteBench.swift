import DqliteClient
import Glibc
import SQLiteCore

/// `.bench` on a dqlite cluster: bank transfers and sum reads on one client for a duration,
/// then the same workload on a local WAL file in the same run, for comparison.
///
/// It works in a database of its own on the cluster (`NAME-litesh-bench`), never the user's.
/// A transfer lost to a leader change is counted, rolled back and never re-applied; at the end
/// the bank total must be intact and every transfer reported committed must be in the log.
struct DqliteBench {
  /// Runs one statement and returns its rows.
  typealias Run = (_ sql: String, _ parameters: [Value]) throws -> [[Value]]

  static let accounts = 100
  static let opening: Int64 = 1000

  var seconds: Double
  var committed: [Int64] = []
  var lost = 0
  var failedReads = 0
  var brokenReads = 0
  var latencies: [Double] = []
  var reads = 0

  /// Creates the tables and runs the workload for `seconds`.
  mutating func run(_ execute: Run, setUp: Bool = true) throws {
    if setUp {
      _ = try execute("DROP TABLE IF EXISTS accounts", [])
      _ = try execute("DROP TABLE IF EXISTS log", [])
      _ = try execute("CREATE TABLE accounts(id INTEGER PRIMARY KEY, balance INTEGER)", [])
      _ = try execute("CREATE TABLE log(id INTEGER PRIMARY KEY)", [])
      _ = try execute(
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ?)"
          + " INSERT INTO accounts SELECT x, ? FROM c",
        [.integer(Int64(Self.accounts)), .integer(Self.opening)])
    }
    var random: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int64 {
      random ^= random << 13
      random ^= random >> 7
      random ^= random << 17
      return Int64(random % UInt64(bound))
    }
    let total = Int64(Self.accounts) * Self.opening
    let end = Self.now() + seconds
    var transfer: Int64 = 0
    while Self.now() < end {
      let start = Self.now()
      if next(10) < 3 {
        do {
          let sum = try execute("SELECT sum(balance) FROM accounts", [])
          if sum.first?.first != .integer(total) { brokenReads += 1 }
          reads += 1
        } catch {
          failedReads += 1
          continue
        }
      } else {
        transfer += 1
        let from = next(Self.accounts) + 1
        let to = next(Self.accounts) + 1
        let amount = next(50) + 1
        do {
          _ = try execute("BEGIN", [])
          _ = try execute(
            "UPDATE accounts SET balance = balance - ? WHERE id = ?",
            [.integer(amount), .integer(from)])
          _ = try execute(
            "UPDATE accounts SET balance = balance + ? WHERE id = ?",
            [.integer(amount), .integer(to)])
          _ = try execute("INSERT INTO log(id) VALUES (?)", [.integer(transfer)])
          _ = try execute("COMMIT", [])
          committed.append(transfer)
        } catch {
          lost += 1
          _ = try? execute("ROLLBACK", [])
          continue
        }
      }
      latencies.append((Self.now() - start) * 1000)
    }
  }

  /// The report lines, after checking the bank total and the log.
  func report(_ label: String, _ execute: Run) -> [String] {
    let sorted = latencies.sorted()
    func percentile(_ p: Double) -> String {
      guard !sorted.isEmpty else { return "-" }
      return fixed(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))], 2)
    }
    var lines = [
      "\(label): \(fixed(seconds, 1)) s, \(committed.count) transfers committed, \(reads) reads,"
        + " \(fixed(Double(committed.count + reads) / seconds, 1)) ops/s",
      "  latency ms: p50 \(percentile(0.5))  p90 \(percentile(0.9))  p99 \(percentile(0.99))"
        + "  max \(sorted.last.map { fixed($0, 2) } ?? "-")",
    ]
    if lost > 0 || failedReads > 0 {
      lines.append(
        "  lost to a leader change: \(lost) transfers (rolled back, not re-applied),"
          + " \(failedReads) reads")
    }
    let total = Int64(Self.accounts) * Self.opening
    let sum = (try? execute("SELECT sum(balance) FROM accounts", []))?.first?.first
    let logged = Set(
      ((try? execute("SELECT id FROM log", [])) ?? []).compactMap { row -> Int64? in
        if case .integer(let id) = row.first { return id }
        return nil
      })
    let missing = committed.filter { !logged.contains($0) }.count
    lines.append(
      "  bank total \(sum == .integer(total) ? "intact" : "BROKEN"),"
        + " \(brokenReads) reads saw it broken;"
        + " \(missing == 0 ? "every" : "MISSING \(missing) of the") \(committed.count)"
        + " reported commits \(missing == 0 ? "present" : "")")
    return lines
  }

  static func now() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}

extension Shell {
  /// `.bench ?SECONDS?` on a cluster, then the same on a local WAL file.
  func runDqliteBench(_ arguments: [String]) -> DotCommand.Outcome {
    guard arguments.count <= 1, let seconds = Double(arguments.first ?? "2"), seconds > 0 else {
      errors.write("Usage (on dqlite): .bench ?SECONDS?\n")
      return .failure
    }
    guard case .success(var address) = DqliteAddress.parse(state.databasePath) else {
      return .failure
    }
    address.database += "-litesh-bench"
    let session = DqliteSession(address: address)
    let remote: DqliteBench.Run = { sql, parameters in
      switch try session.execute(sql, parameters: parameters) {
      case .done: return []
      case .rows(let rows):
        var all: [[Value]] = []
        while try rows.step() { all.append((0..<rows.columnCount).map { rows.value(at: $0) }) }
        return all
      }
    }
    var cluster = DqliteBench(seconds: seconds)
    var lines: [String] = []
    do {
      try cluster.run(remote)
      lines += cluster.report("dqlite \(address.nodes.count) nodes", remote)
      lines.append("  leader changes followed: \(session.reconnections)")
      let path = "/tmp/litesh-bench-\(getpid()).db"
      defer { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }
      let connection = try Connection(path: path)
      try connection.execute("PRAGMA journal_mode=WAL")
      try connection.execute("PRAGMA synchronous=NORMAL")
      let local: DqliteBench.Run = { sql, parameters in
        let statement = try connection.prepare(sql)
        for (index, value) in parameters.enumerated() { try statement.bind(value, at: index + 1) }
        var all: [[Value]] = []
        while try statement.step() {
          all.append((0..<statement.columnCount).map { statement.value(at: $0) })
        }
        return all
      }
      var file = DqliteBench(seconds: seconds)
      try file.run(local)
      lines += file.report("local WAL file", local)
    } catch {
      errors.write("Error: .bench: \(error)\n")
      return .failure
    }
    for line in lines { output.write(line + "\n") }
    return .success
  }
}
