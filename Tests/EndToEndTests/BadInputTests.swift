import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Bad input through the built binary and through sqlite3 3.40.1.
///
/// litesh never crashes, never hangs, says what went wrong and where, and exits non-zero. Where sqlite3's answer is
/// sensible litesh's bytes match it; where sqlite3 is silent or misleading litesh says more.
/// `scripts/bad-input-table.sh` prints the same cases as the table in `docs/bad-input.md`.
@Suite("Bad input through the binary")
struct BadInputTests {
  static let sqlite3 = Binary.sqlite3

  /// Runs `input` (and `arguments`) through both programs in a fresh directory.
  static func both(
    _ arguments: [String] = [], input: [UInt8] = [], files: [String: [UInt8]] = [:]
  ) throws -> (litesh: BatchRun, sqlite3: BatchRun) {
    let directory = try ScratchDirectory("litesh-bad-input")
    defer { directory.remove() }
    for (name, bytes) in files { try directory.write(name, bytes) }
    try directory.write("stdin", input)
    let stdin = directory.path("stdin")
    let litesh = try BatchRun.run(Binary.litesh, arguments, in: directory, inputFile: stdin)
    let reference = try BatchRun.run(sqlite3, arguments, in: directory, inputFile: stdin)
    #expect(litesh.signal == nil, "litesh died of signal \(litesh.signal ?? 0): \(litesh.errors)")
    return (litesh, reference)
  }

  /// Expects the same stdout, stderr and status from both.
  static func expectSame(_ runs: (litesh: BatchRun, sqlite3: BatchRun)) {
    #expect(runs.litesh.outputText == runs.sqlite3.outputText)
    #expect(runs.litesh.errors == runs.sqlite3.errors)
    #expect(runs.litesh.status == runs.sqlite3.status)
  }

  @Test("invalid UTF-8 in a string literal reaches SQLite unchanged, as in sqlite3")
  func invalidUTF8Literal() throws {
    let runs = try Self.both(input: Array("select '".utf8) + [0xFF, 0xFE] + Array("';\n".utf8))
    Self.expectSame(runs)
    #expect(runs.litesh.output == [0xFF, 0xFE, 0x0A])
  }

  @Test("invalid UTF-8 outside a literal is a syntax error with its line and a caret")
  func invalidUTF8Token() throws {
    let runs = try Self.both(input: Array("select 1;\nselect ".utf8) + [0xC3, 0x28] + [0x0A])
    Self.expectSame(runs)
    #expect(runs.litesh.status == 1)
    #expect(runs.litesh.firstError.hasPrefix("Parse error near line 2: "))
  }

  @Test("a NUL byte fails its statement with the line number, and nothing crashes")
  func nulByte() throws {
    let runs = try Self.both(input: Array("select 1;\nselect 'a\0b';\nselect 3;\n".utf8))
    #expect(runs.litesh.status == 1 && runs.sqlite3.status == 1)
    #expect(runs.litesh.outputText == "1\n")
    #expect(runs.litesh.firstError.hasPrefix("Parse error near line 2: unrecognized token"))
  }

  @Test("64 KiB of binary garbage is a parse error on line 1, not a crash or a hang")
  func binaryGarbage() throws {
    var generator = SplitMix(seed: 15)
    let garbage = (0..<65_536).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    let runs = try Self.both(input: garbage)
    #expect(runs.litesh.status == 1)
    #expect(runs.litesh.status == runs.sqlite3.status)
    #expect(runs.litesh.firstError.hasPrefix("Parse error near line "))
  }

  @Test(
    "unterminated strings and comments at the end of input",
    arguments: [
      ("select 1;\nselect 'abc", 1), ("select 1;\nselect \"abc", 1),
      ("select 1;\nselect 2 /* abc", 0), ("select 1;\nselect 2 -- abc", 0),
      ("select 1;\nselect (2", 1), ("create trigger t after insert on x begin select 1;", 1),
    ])
  func unterminated(_ input: String, _ status: Int32) throws {
    let runs = try Self.both(input: Array(input.utf8))
    Self.expectSame(runs)
    #expect(runs.litesh.status == status)
    if status != 0 { #expect(runs.litesh.firstError.hasPrefix("Parse error near line ")) }
  }

  @Test("10,000 nested parentheses: parser stack overflow, as in sqlite3")
  func nestedParentheses() throws {
    let sql =
      "select " + String(repeating: "(", count: 10_000) + "1"
      + String(repeating: ")", count: 10_000) + ";\nselect 2;\n"
    let runs = try Self.both(input: Array(sql.utf8))
    Self.expectSame(runs)
    #expect(runs.litesh.firstError == "Parse error near line 1: parser stack overflow")
    #expect(runs.litesh.outputText == "2\n")
  }

  @Test("a .read of itself stops at the nesting limit with status 1")
  func readItself() throws {
    let runs = try Self.both(
      [":memory:", ".read self.sql"], files: ["self.sql": Array(".read self.sql\n".utf8)])
    Self.expectSame(runs)
    #expect(runs.litesh.status == 1)
    #expect(runs.litesh.firstError.hasPrefix("Input nesting limit (25) reached"))
  }

  @Test("a 100 MB comment line and a 10 MB literal line: done in bounded time and memory")
  func hugeLines() throws {
    let comment = "-- " + String(repeating: "y", count: 100_000_000) + "\nselect 3;\n"
    let literal =
      "select length('" + String(repeating: "x", count: 10_000_000) + "');\nselect 2;\n"
    let runs = try Self.both(input: Array((comment + literal).utf8))
    Self.expectSame(runs)
    #expect(runs.litesh.outputText == "3\n10000000\n2\n")
    // The input is 110 MB; a copy or two of the longest line is fine, ten are not.
    if let peak = runs.litesh.peakKiB { #expect(peak < 600_000, "peak RSS \(peak) KiB") }
  }

  @Test(
    "database files that cannot be opened: the name and the reason, status 1",
    arguments: [
      ("/nonexistent/dir/x.db", "unable to open database file"),
      ("adir", "unable to open database file"),
      ("/proc/self/mem", "disk I/O error"),
    ])
  func unopenable(_ path: String, _ reason: String) throws {
    let runs = try Self.both(
      [path, "select 1"], files: ["adir/.keep": []])
    Self.expectSame(runs)
    #expect(runs.litesh.status == 1)
    #expect(runs.litesh.errors == "Error: unable to open database \"\(path)\": \(reason)\n")
  }

  @Test("a file that is not a database: 'file is not a database' at first use, status 1")
  func notADatabase() throws {
    let text = Array(String(repeating: "not a database, only text. ", count: 20).utf8)
    let runs = try Self.both(["notdb.txt", ".tables"], files: ["notdb.txt": text])
    Self.expectSame(runs)
    #expect(runs.litesh.errors == "Error: file is not a database\n")
    #expect(runs.litesh.status == 1)
  }

  @Test(
    "an unreadable database (run as nobody; root reads anything)",
    .enabled(if: getuid() == 0 && access("/usr/bin/setpriv", X_OK) == 0, "needs root and setpriv"))
  func unreadable() throws {
    let directory = try ScratchDirectory("litesh-unreadable")
    defer { directory.remove() }
    chmod(directory.root, 0o755)
    let database = directory.path("u.db")
    _ = try BatchRun.run(Self.sqlite3, [database, "create table t(a)"], in: directory)
    chmod(database, 0)
    let litesh = try BatchRun.run(
      Binary.litesh, [database, "select * from t"], in: directory, asNobody: true)
    let reference = try BatchRun.run(
      Self.sqlite3, [database, "select * from t"], in: directory, asNobody: true)
    #expect(litesh.errors == reference.errors)
    #expect(
      litesh.errors
        == "Error: unable to open database \"\(database)\": unable to open database file\n")
    #expect(litesh.status == 1 && reference.status == 1)
  }

  @Test("a missing .read file and a directory given to .read")
  func readMissing() throws {
    for name in ["nosuch.sql", "adir"] {
      let runs = try Self.both([":memory:", ".read \(name)"], files: ["adir/.keep": []])
      Self.expectSame(runs)
      #expect(runs.litesh.errors == "Error: cannot open \"\(name)\"\n")
      #expect(runs.litesh.status == 1)
    }
  }

  @Test(".output to /dev/full: litesh says the output was lost (sqlite3 exits 0, silent)")
  func outputToDevFull() throws {
    let runs = try Self.both(
      [
        ":memory:", ".output /dev/full", "select zeroblob(100000)", ".output stdout",
        "select 'after'",
      ])
    #expect(runs.sqlite3.status == 0 && runs.sqlite3.errors.isEmpty)
    #expect(
      runs.litesh.errors
        == "Error: cannot write to \"/dev/full\": No space left on device; output was lost\n")
    #expect(runs.litesh.outputText == "after\n")
    #expect(runs.litesh.status == 1)
  }

  @Test("standard output on /dev/full: said on stderr, status 1")
  func standardOutputFull() throws {
    let directory = try ScratchDirectory("litesh-stdout-full")
    defer { directory.remove() }
    let run = try BatchRun.run(
      "/bin/sh", ["-c", "exec \"$0\" :memory: 'select 1' >/dev/full", Binary.litesh], in: directory)
    #expect(
      run.errors
        == "Error: cannot write to standard output: No space left on device; output was lost\n")
    #expect(run.status == 1)
  }

  @Test("standard output closed early: SIGPIPE ends it at once, as sqlite3, with no crash report")
  func closedStandardOutput() throws {
    let directory = try ScratchDirectory("litesh-closed-stdout")
    defer { directory.remove() }
    let query =
      "with recursive c(x) as (select 1 union all select x+1 from c where x<100000000) select x from c"
    var statuses: [String] = []
    for program in [Binary.litesh, Self.sqlite3] {
      let run = try BatchRun.run(
        // The test process ignores SIGPIPE (see BrokenPipe) and children inherit that: a
        // shell's pipeline has it back at its default.
        "/usr/bin/env",
        [
          "--default-signal=PIPE", "/bin/bash", "-c",
          "\"$0\" :memory: \"$1\" | head -1; echo \"${PIPESTATUS[0]}\" >&2", program, query,
        ],
        in: directory)
      #expect(run.outputText == "1\n")
      statuses.append(run.errors)
    }
    #expect(statuses[0] == "141\n")
    #expect(statuses[0] == statuses[1])
  }
}

/// A tiny seeded generator, so the garbage is the same bytes on every run.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
