import DqliteClient
import SQLiteCore
import Testing

@Suite("DqliteSession against a live 3-node cluster", .serialized)
struct DqliteSessionTests {
  @Test("finds the leader, writes, and reads every type back")
  func roundTrip() throws {
    try withClusterSession { cluster, session in
      try session.connect()
      #expect(session.leaderAddress.map(cluster.nodes.contains) == true)
      _ = try session.execute("CREATE TABLE t(i INTEGER, r REAL, s TEXT, b BLOB, n)")
      guard
        case .done(let result) = try session.execute(
          "INSERT INTO t VALUES (?, ?, ?, ?, ?)",
          parameters: [.integer(-7), .real(2.5), .text("héllo"), .blob([0, 1, 255]), .null])
      else {
        Issue.record("INSERT yielded rows")
        return
      }
      #expect(result.changes == 1)
      #expect(result.lastInsertID == 1)
      let rows = try readAll(session, "SELECT i, r, s, b, n FROM t")
      #expect(rows == [[.integer(-7), .real(2.5), .text("héllo"), .blob([0, 1, 255]), .null]])
    }
  }

  @Test("reads a result of many batches (PART markers) to the end")
  func multiBatch() throws {
    try withClusterSession { _, session in
      let rows = try readAll(
        session,
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 20000)"
          + " SELECT x, 'row ' || x FROM c")
      #expect(rows.count == 20000)
      #expect(rows.last == [.integer(20000), .text("row 20000")])
      // The connection is ready for the next request.
      #expect(try readAll(session, "SELECT 1") == [[.integer(1)]])
    }
  }

  @Test("a FAILURE becomes an error with SQLite's code and message")
  func failure() throws {
    try withClusterSession { _, session in
      do throws(DqliteError) {
        _ = try session.execute("SELECT * FROM missing")
        Issue.record("no error")
      } catch {
        #expect(error.kind == .failure)
        #expect(error.code == 1)
        #expect(error.message == "no such table: missing")
      }
    }
  }

  @Test(
    "a step that fails gives the rows before it, then SQLite's message, in any batch",
    arguments: [1, 3000])
  func rowsBeforeAFailingStep(_ good: Int) throws {
    try withClusterSession { _, session in
      guard
        case .rows(let rows) = try session.execute(
          "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ?)"
            + " SELECT CASE WHEN x < ? THEN x ELSE abs(-9223372036854775808) END AS v FROM c",
          parameters: [.integer(Int64(good + 1)), .integer(Int64(good + 1))])
      else {
        Issue.record("no rows")
        return
      }
      var seen: [Int64] = []
      do throws(SQLiteError) {
        while try rows.step() { seen.append(rows.int64(at: 0)) }
        Issue.record("no error")
      } catch {
        #expect(error.message == "integer overflow")
      }
      #expect(seen == Array(1...Int64(good)))
      #expect(try readAll(session, "SELECT 1") == [[.integer(1)]])
    }
  }

  @Test("a write kept prepared runs again with new values, and after its table is recreated")
  func keptPrepared() throws {
    try withClusterSession { _, session in
      let insert = "INSERT INTO t(a) VALUES (?)"
      _ = try session.execute("CREATE TABLE t(a)")
      for value in 1...20 {
        _ = try session.execute(insert, parameters: [.integer(Int64(value))], keepPrepared: true)
      }
      #expect(
        try readAll(session, "SELECT count(*), sum(a) FROM t") == [[.integer(20), .integer(210)]])
      _ = try session.execute("DROP TABLE t")
      _ = try session.execute("CREATE TABLE t(a, b DEFAULT 'x')")
      _ = try session.execute(insert, parameters: [.integer(7)], keepPrepared: true)
      #expect(try readAll(session, "SELECT a, b FROM t") == [[.integer(7), .text("x")]])
    }
  }

  @Test("CLUSTER lists three voters")
  func clusterNodes() throws {
    try withClusterSession { cluster, session in
      let nodes = try session.cluster()
      #expect(nodes.map(\.address).sorted() == cluster.nodes)
      #expect(nodes.allSatisfy { $0.role == .voter })
    }
  }

  @Test("refuses a journal-mode change, which crashes dqlite 1.11.1's leader")
  func guards() throws {
    // Every `try` here is inside `#expect`, which closure inference does not look into.
    try withClusterSession { (_, session) throws in
      for sql in ["PRAGMA journal_mode=DELETE", "pragma main.journal_mode = 'truncate'", "VACUUM"] {
        #expect(throws: DqliteError.self) { _ = try session.execute(sql) }
      }
      #expect(try readAll(session, "SELECT 42") == [[.integer(42)]])
    }
  }
}

extension DqliteSessionTests {
  @Test("with a majority down, says there is no leader after the timeout")
  func noLeader() throws {
    let cluster = try TestCluster()
    defer { cluster.stop() }
    let session = DqliteSession(
      address: try DqliteAddress.parse(cluster.url).get(), leaderTimeout: 2, requestTimeout: 2)
    try session.connect()
    for node in 1...3 where cluster.nodes[node - 1] != session.leaderAddress {
      try cluster.kill(node: node)
    }
    do {
      _ = try session.execute("SELECT 1")
      Issue.record("a read succeeded with two of three nodes down")
    } catch {
      #expect(error.kind == .noLeader, "\(error)")
      #expect(error.message.hasPrefix("no dqlite leader among "))
    }
  }
}

/// Runs `body` with a new 3-node cluster and a session on it; the cluster stops afterwards.
func withClusterSession(_ body: (TestCluster, DqliteSession) throws -> Void) throws {
  let cluster = try TestCluster()
  defer { cluster.stop() }
  try body(cluster, DqliteSession(address: try DqliteAddress.parse(cluster.url).get()))
}

/// Runs a query and collects its rows.
func readAll(_ session: DqliteSession, _ sql: String) throws -> [[Value]] {
  guard case .rows(let rows) = try session.execute(sql) else { return [] }
  var all: [[Value]] = []
  while try rows.step() {
    all.append((0..<rows.columnCount).map { rows.value(at: $0) })
  }
  return all
}
