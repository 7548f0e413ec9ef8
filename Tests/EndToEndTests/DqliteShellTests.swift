import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// litesh on a real 3-node dqlite cluster: dot-commands, and what happens when the leader is
/// SIGKILLed under it.
@Suite("litesh on a dqlite cluster", .serialized)
struct DqliteShellTests {
  /// Sends `sql` and waits for the marker row it ends with.
  private func run(_ shell: Coprocess, _ input: String, marker: String) throws -> String {
    shell.send(input + "\nselect '\(marker)';\n")
    return try shell.read(until: marker + "\n")
  }

  @Test(".cluster lists the three voters and marks the leader; .leader names it")
  func clusterCommands() throws {
    try withClusterShell { cluster, shell in
      let listing = try run(shell, ".cluster", marker: "M1")
      let lines = listing.split(separator: "\n")
      #expect(lines.count == 3)
      #expect(lines.filter { $0.hasSuffix("  leader") }.count == 1)
      for node in cluster.nodes { #expect(listing.contains(node)) }
      let leader = try run(shell, ".leader", marker: "M2")
      #expect(cluster.number(of: leader.trimmingCharacters(in: .newlines)) != nil)
      try expectCleanExit(shell)
    }
  }

  @Test("a leader SIGKILL between reads: the shell follows the new leader and reads again")
  func readsFollowTheLeader() throws {
    try withClusterShell { cluster, shell in
      _ = try run(
        shell, "create table t(x); insert into t values (1), (2), (3);", marker: "ready")
      let first = try run(shell, ".leader", marker: "L1").trimmingCharacters(in: .newlines)
      let number = try #require(cluster.number(of: first))
      try cluster.kill(node: number)
      #expect(try run(shell, "select count(*) from t;", marker: "R1") == "3\n")
      let second = try run(shell, ".leader", marker: "L2").trimmingCharacters(in: .newlines)
      #expect(second != first)
      #expect(cluster.number(of: second) != nil)
      try expectCleanExit(shell)
    }
  }

  @Test("a transaction open when the leader dies is reported lost and never re-applied")
  func transactionIsLost() throws {
    try withClusterShell { cluster, shell in
      _ = try run(shell, "create table t(x); insert into t values (1);", marker: "ready")
      _ = try run(shell, ".begin\ninsert into t values (2);", marker: "in-tx")
      let leader = try run(shell, ".leader", marker: "L1").trimmingCharacters(in: .newlines)
      try cluster.kill(node: try #require(cluster.number(of: leader)))
      _ = try run(shell, "insert into t values (3);", marker: "after")
      let errors = shell.availableErrors()
      #expect(errors.contains("leader was lost during a transaction"), "\(errors)")
      #expect(try run(shell, "select group_concat(x) from t;", marker: "R") == "1\n")
      // The shell is out of the transaction: .commit has nothing to commit.
      _ = try run(shell, ".commit", marker: "C")
      #expect(shell.availableErrors().contains("no transaction is open"))
      let (status, _, _) = try shell.finish()
      #expect(status == 1)
    }
  }

  @Test("statements that crash a dqlite 1.11.1 leader are refused, and the cluster keeps serving")
  func guards() throws {
    try withClusterShell { _, shell in
      _ = try run(shell, "PRAGMA journal_mode=DELETE;", marker: "G")
      #expect(shell.availableErrors().contains("PRAGMA journal_mode cannot be changed on dqlite"))
      _ = try run(shell, "create table t(a);", marker: "T")
      // EXEC refuses rows, and the same write as a QUERY aborted the 1.11.1 leader when tried.
      _ = try run(shell, "insert into t values (1) returning a;", marker: "R")
      #expect(shell.availableErrors().contains("RETURNING is not supported on dqlite"))
      _ = try run(shell, ".sha3sum", marker: "D")
      #expect(shell.availableErrors().contains("needs a local SQLite file"))
      for command in [".session open main s", ".connection 1", ".recover"] {
        _ = try run(shell, command, marker: "L")
        #expect(shell.availableErrors().contains("needs a local SQLite file"), "\(command)")
      }
      #expect(try run(shell, "select 6 * 7, count(*) from t;", marker: "S") == "42|0\n")
      _ = try shell.finish()
    }
  }
}

/// Runs `body` with a new 3-node cluster and litesh on it; the cluster stops afterwards.
func withClusterShell(_ body: (TestCluster, Coprocess) throws -> Void) throws {
  let cluster = try TestCluster()
  defer { cluster.stop() }
  try body(cluster, try Coprocess(Binary.litesh, [cluster.url]))
}

/// Ends `shell`'s input and expects status 0 and nothing on stderr.
func expectCleanExit(
  _ shell: Coprocess, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let (status, _, errors) = try shell.finish()
  #expect(status == 0, sourceLocation: sourceLocation)
  #expect(errors.isEmpty, sourceLocation: sourceLocation)
}
