import Foundation
import TestSupport
import Testing

/// Two shells on one database file, driven step by step, against two sqlite3 processes.
///
/// Each step writes SQL to one session, then `.print @@N`, and reads to that marker; standard
/// error is collected after each step (both shells flush it before they print the marker). The
/// busy timeout is 0, sqlite3's default, so a conflict is an immediate `database is locked`.
@Suite("Two sessions")
struct TwoSessionTests {
  /// One step: which session (0 or 1) and the input lines it gets.
  struct Step: CustomStringConvertible {
    var session: Int
    var input: String
    var description: String { "\(session == 0 ? "A" : "B"): \(input)" }
  }

  /// A named interleaving of two sessions, the data it starts from and the query that shows
  /// the final data.
  struct Scenario: CustomStringConvertible, Sendable {
    var name: String
    var setup: String
    var steps: [(Int, String)]
    var check: String
    var description: String { name }
  }

  /// What a run produced: per step stdout and stderr, then each session's exit status and the
  /// final data.
  struct Transcript: Equatable {
    var steps: [String] = []
    /// Per step, what it printed and whether it failed (the dot-commands word some errors
    /// their own way, such as `.commit` with no transaction open).
    var outcomes: [String] = []
    var statuses: [Int32] = []
    var finalData = ""
  }

  static let accounts =
    "CREATE TABLE acct(id INTEGER PRIMARY KEY, balance INT);"
    + " INSERT INTO acct VALUES(1,100),(2,100);"

  static let scenarios: [Scenario] = [
    Scenario(
      name: "lost update, BEGIN: the second writer is refused, then the first commits",
      setup: accounts,
      steps: [
        (0, "BEGIN;\nSELECT balance FROM acct WHERE id=1;"),
        (1, "BEGIN;\nSELECT balance FROM acct WHERE id=1;"),
        (0, "UPDATE acct SET balance=110 WHERE id=1;"),
        (1, "UPDATE acct SET balance=120 WHERE id=1;"),
        (0, "COMMIT;"),
        (1, "ROLLBACK;"),
        (0, "COMMIT;"),
        (1, "SELECT balance FROM acct WHERE id=1;"),
      ], check: "SELECT * FROM acct;"),
    Scenario(
      name: "lost update, BEGIN IMMEDIATE: the second waits its turn and sees the first's work",
      setup: accounts,
      steps: [
        (0, "BEGIN IMMEDIATE;\nSELECT balance FROM acct WHERE id=1;"),
        (1, "BEGIN IMMEDIATE;"),
        (0, "UPDATE acct SET balance=balance+10 WHERE id=1;\nCOMMIT;"),
        (1, "BEGIN IMMEDIATE;\nSELECT balance FROM acct WHERE id=1;"),
        (1, "UPDATE acct SET balance=balance+20 WHERE id=1;\nCOMMIT;"),
      ], check: "SELECT * FROM acct;"),
    Scenario(
      name: "dirty read: uncommitted changes stay invisible, then are rolled back",
      setup: accounts,
      steps: [
        (0, "BEGIN;\nUPDATE acct SET balance=0 WHERE id=1;\nSELECT balance FROM acct WHERE id=1;"),
        (1, "SELECT balance FROM acct WHERE id=1;"),
        (0, "ROLLBACK;"),
        (1, "SELECT balance FROM acct WHERE id=1;"),
      ], check: "SELECT * FROM acct;"),
    Scenario(
      name: "write skew: both read two doctors on call, only one may leave",
      setup: "CREATE TABLE oncall(name TEXT PRIMARY KEY, active INT);"
        + " INSERT INTO oncall VALUES('alice',1),('bob',1);",
      steps: [
        (0, "BEGIN;\nSELECT count(*) FROM oncall WHERE active=1;"),
        (1, "BEGIN;\nSELECT count(*) FROM oncall WHERE active=1;"),
        (0, "UPDATE oncall SET active=0 WHERE name='alice';"),
        (1, "UPDATE oncall SET active=0 WHERE name='bob';"),
        (1, "ROLLBACK;"),
        (0, "COMMIT;"),
        (1, "BEGIN IMMEDIATE;\nSELECT count(*) FROM oncall WHERE active=1;\nCOMMIT;"),
      ], check: "SELECT * FROM oncall;"),
    Scenario(
      name: "read skew: a reader's snapshot keeps the writer's commit out until it ends",
      setup: accounts,
      steps: [
        (0, "BEGIN;\nSELECT balance FROM acct WHERE id=1;"),
        (
          1,
          "BEGIN;\nUPDATE acct SET balance=balance-10 WHERE id=1;"
            + "\nUPDATE acct SET balance=balance+10 WHERE id=2;"
        ),
        (1, "COMMIT;"),
        (0, "SELECT balance FROM acct WHERE id=2;\nSELECT sum(balance) FROM acct;\nCOMMIT;"),
        (1, "COMMIT;"),
        (0, "SELECT sum(balance) FROM acct;"),
      ], check: "SELECT * FROM acct;"),
  ]

  /// Every scenario in the default (rollback journal) mode and in WAL mode.
  static let cases: [(Scenario, String)] = scenarios.flatMap { [($0, "delete"), ($0, "wal")] }

  @Test("typed SQL: litesh answers step by step as sqlite3 does", arguments: cases)
  func typedSQL(scenario: Scenario, journal: String) throws {
    let reference = try run(scenario, journal: journal, program: Binary.sqlite3)
    let litesh = try run(scenario, journal: journal, program: Binary.litesh)
    #expect(litesh == reference)
  }

  @Test("the dot-commands give the same outcomes as typed SQL", arguments: cases)
  func dotCommands(scenario: Scenario, journal: String) throws {
    let reference = try run(scenario, journal: journal, program: Binary.sqlite3)
    var dotted = scenario
    dotted.steps = scenario.steps.map { ($0.0, Self.dotted($0.1)) }
    let litesh = try run(dotted, journal: journal, program: Binary.litesh)
    #expect(litesh.outcomes == reference.outcomes)
    #expect(litesh.statuses == reference.statuses)
    #expect(litesh.finalData == reference.finalData)
  }

  /// The input with BEGIN/COMMIT/ROLLBACK lines written as `.begin/.commit/.rollback`.
  static func dotted(_ input: String) -> String {
    let forms = [
      "BEGIN IMMEDIATE;": ".begin immediate", "BEGIN;": ".begin", "COMMIT;": ".commit",
      "ROLLBACK;": ".rollback",
    ]
    return input.split(separator: "\n").map { forms[String($0)] ?? String($0) }
      .joined(separator: "\n")
  }

  private func run(_ scenario: Scenario, journal: String, program: String) throws -> Transcript {
    try ScratchDirectory.with("litesh-two") { scratch in
      let directory = scratch.root
      let path = directory + "/two.db"
      _ = try sqlite3(path, "PRAGMA journal_mode=\(journal);\n" + scenario.setup + "\n")
      let sessions = [try Coprocess(program, [path]), try Coprocess(program, [path])]
      var transcript = Transcript()
      for (index, (session, input)) in scenario.steps.enumerated() {
        let shell = sessions[session]
        shell.send(input + "\n.print @@\(index)\n")
        let output = try shell.read(until: "@@\(index)\n")
        let errors = shell.availableErrors()
        transcript.steps.append("\(session == 0 ? "A" : "B")> \(output)\(errors)")
        transcript.outcomes.append(output + (errors.isEmpty ? "" : "<failed>"))
      }
      for shell in sessions {
        let end = try shell.finish()
        transcript.statuses.append(end.status)
        transcript.steps.append(end.output + end.errors)
      }
      transcript.finalData = try sqlite3(path, scenario.check + "\n")
      return transcript
    }
  }

  private func sqlite3(_ path: String, _ input: String) throws -> String {
    let shell = try Coprocess(Binary.sqlite3, [path])
    shell.send(input)
    return try shell.finish().output
  }
}
