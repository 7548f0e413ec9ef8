import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every way the litesh binary can end with a transaction open rolls it back and says so; and
/// SIGINT on a piped script does what sqlite3 does.
@Suite("Leaving the binary with a transaction open")
struct TransactionExitTests {
  /// A database with `t(a)` holding 1, in a directory removed afterwards.
  final class Database {
    let directory: ScratchDirectory
    var path: String { directory.path("exit.db") }

    init() throws {
      directory = try ScratchDirectory("litesh-exit")
      let setup = try Coprocess(Binary.sqlite3, [path])
      setup.send("CREATE TABLE t(a); INSERT INTO t VALUES(1);\n")
      _ = try setup.finish()
    }

    /// What is committed in `t`.
    func rows() throws -> String {
      let reader = try Coprocess(Binary.sqlite3, [path])
      reader.send("SELECT group_concat(a) FROM t;\n")
      return try reader.finish().output
    }
  }

  static let opening = "BEGIN;\nINSERT INTO t VALUES(2);\nSAVEPOINT a;\nINSERT INTO t VALUES(3);\n"

  @Test(
    "end of input, .quit and .open roll back with one warning and exit 1",
    arguments: [
      ("", "at end of input"), (".quit\n", "at .quit/.exit"),
      (".open :memory:\n", "when .open closed the database"),
    ])
  func batchEnds(ending: String, phrase: String) throws {
    let database = try Database()
    let shell = try Coprocess(Binary.litesh, [database.path])
    shell.send(Self.opening + ending)
    let end = try shell.finish()
    #expect(
      end.errors
        == "litesh: warning: transaction open \(phrase) was rolled back (1 savepoint open);"
        + " nothing was committed\n")
    #expect(end.status == 1)
    #expect(try database.rows() == "1\n")
  }

  @Test(
    "SIGTERM and SIGHUP while waiting for input roll back and exit with 128 + signal",
    arguments: [(SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")])
  func signalWhileWaiting(signal: Int32, name: String) throws {
    let database = try Database()
    let shell = try Coprocess(Binary.litesh, [database.path])
    shell.send(Self.opening + "SELECT count(*) FROM t;\n.print @@1\n")
    #expect(try shell.read(until: "@@1\n") == "3\n")
    shell.signal(signal)
    let end = try shell.finish()
    #expect(
      end.errors
        == "litesh: warning: transaction open on \(name) was rolled back (1 savepoint open);"
        + " nothing was committed\n")
    #expect(end.status == 128 + signal)
    #expect(try database.rows() == "1\n")
  }

  @Test("SIGTERM during a statement interrupts it, then rolls back")
  func signalWhileRunning() throws {
    let database = try Database()
    let shell = try Coprocess(Binary.litesh, [database.path])
    shell.send(Self.opening + ".print @@1\n")
    _ = try shell.read(until: "@@1\n")
    shell.send(Self.endless + "SELECT 'not run';\n")
    let end = try Self.signalWhenBusy(shell, SIGTERM)
    #expect(end.output == "")
    #expect(
      end.errors
        == "Runtime error near line 6: interrupted (9)\n"
        + "litesh: warning: transaction open on SIGTERM was rolled back (1 savepoint open);"
        + " nothing was committed\n")
    #expect(end.status == 128 + SIGTERM)
    #expect(try database.rows() == "1\n")
  }

  @Test("SIGINT on a piped script stops it as sqlite3 does", arguments: ["sqlite3", "litesh"])
  func batchInterrupt(name: String) throws {
    let program = name == "sqlite3" ? Binary.sqlite3 : Binary.litesh
    let shell = try Self.withInterruptUnblocked { try Coprocess(program, [":memory:"]) }
    shell.send("SELECT 1;\n.print @@1\n")
    #expect(try shell.read(until: "@@1\n") == "1\n")
    shell.send(Self.endless + "SELECT 2;\n")
    let end = try Self.signalWhenBusy(shell, SIGINT)
    #expect(end.output == "")
    #expect(end.errors == "Runtime error near line 3: interrupted (9)\n")
    #expect(end.status == 1)
  }

  @Test(
    "SIGINT during SQL given as an argument or with -cmd interrupts it as sqlite3 does",
    arguments: ["sqlite3", "litesh"], [false, true])
  func argumentInterrupt(name: String, isCommand: Bool) throws {
    let program = name == "sqlite3" ? Binary.sqlite3 : Binary.litesh
    let sql = String(Self.endless.dropLast())
    let arguments = isCommand ? ["-cmd", sql, ":memory:"] : [":memory:", sql]
    let shell = try Self.withInterruptUnblocked { try Coprocess(program, arguments) }
    // With -cmd, piped input follows; the interrupt stops it before its first line.
    shell.send("SELECT 'not run';\n")
    let end = try Self.signalWhenBusy(shell, SIGINT)
    #expect(end.output == "")
    #expect(end.errors == "Error: stepping, interrupted (9)\n")
    #expect(end.status == (isCommand ? 0 : 9))
  }

  @Test("SIGINT during .read stops the nested and the main input, and rolls back")
  func interruptInRead() throws {
    let database = try Database()
    let nested = database.directory.path("nested.sql")
    try (Self.endless + "SELECT 'not run';\n").write(
      toFile: nested, atomically: true, encoding: .utf8)
    let shell = try Coprocess(Binary.litesh, [database.path])
    shell.send("BEGIN;\nINSERT INTO t VALUES(2);\n.print @@1\n")
    _ = try shell.read(until: "@@1\n")
    shell.send(".read \(nested)\nSELECT 'not run either';\n")
    let end = try Self.signalWhenBusy(shell, SIGINT)
    #expect(end.output == "")
    #expect(
      end.errors
        == "Runtime error near line 1: interrupted (9)\n"
        + "litesh: warning: transaction open on SIGINT was rolled back; nothing was committed\n")
    #expect(end.status == 1)
    #expect(try database.rows() == "1\n")
  }

  /// A statement that runs until interrupted.
  static let endless =
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c;\n"

  /// Sends `signal` once the endless statement runs, and waits for the program to end.
  static func signalWhenBusy(_ shell: Coprocess, _ signal: Int32) throws -> (
    status: Int32, output: String, errors: String
  ) {
    try waitUntilBusy(shell.processIdentifier)
    shell.signal(signal)
    try waitUntilExited(shell)
    return try shell.finish()
  }

  /// Polls `/proc` until the process has used 0.2 s of CPU since the call: only the endless
  /// statement takes that long, so it is running.
  static func waitUntilBusy(_ pid: Int32) throws {
    let start = try cpuTicks(pid)
    let deadline = ContinuousClock.now + .seconds(20)
    while try cpuTicks(pid) - start < sysconf(Int32(_SC_CLK_TCK)) / 5 {
      guard ContinuousClock.now < deadline else { throw CancellationError() }
      usleep(10_000)
    }
  }

  /// Polls `/proc` until the program has exited (a zombie); kills it after 20 s so a shell that
  /// ignored the signal fails the test instead of running on.
  static func waitUntilExited(_ shell: Coprocess) throws {
    let deadline = ContinuousClock.now + .seconds(20)
    // Foundation reaps its children: a missing /proc entry means the program has exited.
    while let fields = try? statFields(shell.processIdentifier), fields.first != "Z" {
      guard ContinuousClock.now < deadline else {
        shell.signal(SIGKILL)
        throw CancellationError()
      }
      usleep(10_000)
    }
  }

  /// Spawns with SIGINT unblocked in this thread: the test runner blocks it, and a child
  /// inherits the mask (sqlite3 does not unblock it; litesh does).
  static func withInterruptUnblocked<T>(_ body: () throws -> T) rethrows -> T {
    var interrupt = sigset_t()
    sigemptyset(&interrupt)
    sigaddset(&interrupt, SIGINT)
    var previous = sigset_t()
    pthread_sigmask(SIG_UNBLOCK, &interrupt, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    return try body()
  }

  private static func cpuTicks(_ pid: Int32) throws -> Int {
    let fields = try statFields(pid)
    return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
  }

  /// The fields of `/proc/PID/stat` after the command name: state first.
  private static func statFields(_ pid: Int32) throws -> [Substring] {
    let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    return stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...]
      .split(separator: " ")
  }
}
