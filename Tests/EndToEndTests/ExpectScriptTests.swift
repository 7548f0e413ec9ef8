import Foundation
import TestSupport
import Testing

/// Scripts written for sqlite3 that wait for its prompts (Debian's `expect`, Python's pexpect)
/// pass unchanged with litesh: each runs against both, in a pty, as from cron or CI (no `TERM`)
/// and as from Emacs (`TERM=dumb`).
@Suite("expect and pexpect scripts written for sqlite3")
struct ExpectScriptTests {
  /// An expect script as one writes it for sqlite3.
  ///
  /// It waits for `sqlite> `, sends, waits again; a multi-line statement waits for the
  /// continuation prompt. It exits 1 on a timeout.
  static let expectScript = #"""
    set timeout 20
    log_user 0
    set program [lindex $argv 0]
    set database [lindex $argv 1]
    proc step {pattern} {
      expect {
        -ex $pattern {}
        timeout { puts "TIMEOUT waiting for $pattern"; exit 1 }
        eof { puts "EOF waiting for $pattern"; exit 1 }
      }
    }
    spawn $program $database
    step "sqlite> "
    send "CREATE TABLE t(a INTEGER, b TEXT);\r"
    step "sqlite> "
    send "INSERT INTO t VALUES (1, 'one'), (2, 'two'), (3, 'three');\r"
    step "sqlite> "
    send "SELECT sum(a)\r"
    step "   ...> "
    send "  FROM t;\r"
    expect {
      -re {\n([0-9]+)\r\nsqlite> } { puts "@@sum $expect_out(1,string)" }
      timeout { puts "TIMEOUT waiting for the sum"; exit 1 }
    }
    send ".mode csv\r"
    step "sqlite> "
    send "SELECT b FROM t ORDER BY a DESC;\r"
    expect {
      -re {DESC;\r\n(.*)\r\nsqlite> } {
        puts "@@rows [string map {"\r" "" "\n" "|"} $expect_out(1,string)]"
      }
      timeout { puts "TIMEOUT waiting for the rows"; exit 1 }
    }
    send ".quit\r"
    expect eof
    puts "@@done"
    """#

  /// The same conversation through pexpect, as a Python program written for sqlite3 has it.
  static let pexpectScript = #"""
    import sys
    import pexpect

    program, database = sys.argv[1], sys.argv[2]
    shell = pexpect.spawn(program, [database], encoding="utf-8", timeout=20)
    shell.expect_exact("sqlite> ")
    shell.sendline("CREATE TABLE t(a INTEGER, b TEXT);")
    shell.expect_exact("sqlite> ")
    shell.sendline("INSERT INTO t VALUES (1, 'one'), (2, 'two'), (3, 'three');")
    shell.expect_exact("sqlite> ")
    shell.sendline("SELECT sum(a)")
    shell.expect_exact("   ...> ")
    shell.sendline("  FROM t;")
    shell.expect(r"\n(\d+)\r\nsqlite> ")
    print("@@sum", shell.match.group(1))
    shell.sendline(".headers on")
    shell.expect_exact("sqlite> ")
    shell.sendline("SELECT a, b FROM t WHERE a > 1;")
    shell.expect_exact("sqlite> ")
    print("@@rows", repr(shell.before))
    shell.sendline(".quit")
    shell.expect(pexpect.EOF)
    shell.close()
    print("@@status", shell.exitstatus)
    """#

  /// Started with no arguments: the banner up to the first prompt, as the pty carries it.
  static let bannerScript = #"""
    import sys
    import pexpect

    shell = pexpect.spawn(sys.argv[1], [], timeout=20)
    shell.expect_exact(b"sqlite> ")
    print("@@banner", repr(shell.before))
    shell.sendeof()
    shell.expect(pexpect.EOF)
    """#

  static let terminals: [[String: String]] = [[:], ["TERM": "dumb"]]

  /// Runs `script` with `interpreter` against sqlite3 and litesh, each on a new database.
  static func bothRuns(
    _ interpreter: String, script: String, named name: String, environment: [String: String]
  ) throws -> (reference: DrivingProgram.Run, actual: DrivingProgram.Run) {
    let directory = try ScratchDirectory("litesh-driven-\(name)")
    defer { directory.remove() }
    let path = directory.path(name)
    try Data(script.utf8).write(to: URL(fileURLWithPath: path))
    func run(_ program: String, _ database: String) throws -> DrivingProgram.Run {
      try DrivingProgram.run(
        interpreter, [path, program, directory.path(database)], in: directory.root,
        environment: environment)
    }
    return (
      try run(CompatibilityTests.sqlite3, "reference.db"), try run(Binary.litesh, "actual.db")
    )
  }

  /// Expects the script to pass against sqlite3 (its sum is 6) and against litesh, printing
  /// the same.
  static func expectBothPass(
    _ reference: DrivingProgram.Run, _ actual: DrivingProgram.Run,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      reference.status == 0, "sqlite3: \(reference.output) \(reference.errors)",
      sourceLocation: sourceLocation)
    #expect(
      DrivingProgram.value("sum", in: reference.output) == "6", sourceLocation: sourceLocation)
    #expect(
      actual.status == 0, "litesh: \(actual.output) \(actual.errors)",
      sourceLocation: sourceLocation)
    #expect(actual.output == reference.output, sourceLocation: sourceLocation)
  }

  @Test(
    "an expect script for sqlite3 passes unchanged with litesh",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: DrivingProgram.expect),
      "expect is not installed (scripts/setup.sh --test installs it)"), arguments: terminals)
  func expectScript(_ environment: [String: String]) throws {
    let (reference, actual) = try Self.bothRuns(
      DrivingProgram.expect, script: Self.expectScript, named: "sum.exp",
      environment: environment)
    // `log_user 0`: the output is the script's own `@@` lines.
    Self.expectBothPass(reference, actual)
    #expect(DrivingProgram.value("rows", in: reference.output) == "three|two|one")
  }

  @Test(
    "a pexpect script for sqlite3 passes unchanged with litesh",
    .enabled(if: DrivingProgram.hasPexpect, "no pexpect for /usr/bin/python3 (python3-pexpect)"),
    arguments: terminals)
  func pexpectScript(_ environment: [String: String]) throws {
    let (reference, actual) = try Self.bothRuns(
      DrivingProgram.python, script: Self.pexpectScript, named: "sum.py",
      environment: environment)
    Self.expectBothPass(reference, actual)
    #expect(!actual.output.contains("\\x1b"), "escape sequences in \(actual.output)")
  }

  @Test(
    "started with no arguments, the banner and its in-memory notice are sqlite3's bytes",
    .enabled(if: DrivingProgram.hasPexpect, "no pexpect for /usr/bin/python3 (python3-pexpect)"))
  func transientBanner() throws {
    let directory = try ScratchDirectory("litesh-driven-banner")
    defer { directory.remove() }
    let path = directory.path("banner.py")
    try Data(Self.bannerScript.utf8).write(to: URL(fileURLWithPath: path))
    let reference = try DrivingProgram.run(
      DrivingProgram.python, [path, CompatibilityTests.sqlite3], in: directory.root)
    let actual = try DrivingProgram.run(
      DrivingProgram.python, [path, Binary.litesh], in: directory.root)
    let banner = try #require(DrivingProgram.value("banner", in: reference.output))
    #expect(banner.contains("transient in-memory database"))
    #expect(DrivingProgram.value("banner", in: actual.output) == banner, "\(actual.errors)")
  }
}
