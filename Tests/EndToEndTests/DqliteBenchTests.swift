import DqliteClient
import Foundation
import SQLiteCore
import TestSupport
import Testing

/// `.bench` on a live cluster, with the leader SIGKILLed in the middle of the run.
@Suite("dqlite .bench across a leader kill", .serialized)
struct DqliteBenchTests {
  @Test("the bank total holds, every reported commit is present, the shell goes on")
  func leaderKill() throws {
    let cluster = try TestCluster()
    defer { cluster.stop() }
    let shell = try Coprocess(Binary.litesh, [cluster.url])
    shell.send(".bench 6\n")
    // Wait (with a deadline) until transfers are committing, then kill the leader.
    let observer = DqliteSession(
      address: try DqliteAddress.parse(cluster.url + "-litesh-bench").get())
    let deadline = ContinuousClock.now + .seconds(20)
    var logged: Int64 = 0
    while logged < 20, ContinuousClock.now < deadline {
      logged = (try? count(observer, "SELECT count(*) FROM log")) ?? 0
    }
    #expect(logged >= 20)
    let leader = try #require(observer.leaderAddress)
    try cluster.kill(node: try #require(cluster.number(of: leader)))
    let report = try shell.read(until: "local WAL file")
    #expect(report.contains("bank total intact, 0 reads saw it broken; every"), "\(report)")
    let changes = report.split(separator: "\n").first { $0.contains("leader changes followed") }
    #expect(changes.map { !$0.hasSuffix(": 0") } == true, "\(report)")
    // Checked again from outside the shell, on the new leader: the total, and a log row for
    // each transfer the shell reported committed (a COMMIT whose answer was lost may add one).
    let committed = try #require(
      report.split(separator: "\n").first { $0.hasPrefix("dqlite") }
        .flatMap { $0.split(separator: ",").dropFirst().first }
        .flatMap { Int64($0.split(separator: " ").first ?? "") }, "\(report)")
    #expect(try count(observer, "SELECT sum(balance) FROM accounts") == 100 * 1000)
    #expect(try count(observer, "SELECT count(*) FROM log") >= committed)
    // The shell goes on, on the new leader (not the killed one).
    shell.send(".leader\nselect 'still' || ' working';\n")
    let after = try shell.read(until: "still working\n")
    #expect(!after.contains(leader), "\(after)")
    let (status, _, _) = try shell.finish()
    #expect(status == 0)
  }

  private func count(_ session: DqliteSession, _ sql: String) throws -> Int64 {
    guard case .rows(let rows) = try session.execute(sql), try rows.step() else { return 0 }
    defer { try? rows.discard() }
    return rows.int64(at: 0)
  }
}
