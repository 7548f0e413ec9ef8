import Foundation
import TestSupport
import Testing

/// Ways out of `-safe` and `-readonly`, through the binary.
///
/// Each is refused with a message naming the line and what was refused, the status is 1, and
/// no file is written. A safe-mode refusal ends the program (sqlite3's `failIfSafeMode`
/// exits); other refusals fail one statement and the script goes on. Where sqlite3 3.40.1 has
/// the feature and refuses it, the message is its own.
@Suite("Escape attempts under -safe and -readonly")
struct EscapeAttemptsTests {
  /// One attempt: the option, the line, and what litesh says on stderr.
  struct Attempt: CustomTestStringConvertible, Sendable {
    var option: String
    var line: String
    var message: String
    /// Whether sqlite3 says the same (false where it lets the attempt through or lacks it).
    var sameAsSQLite3 = true
    var testDescription: String { "\(option) \(line)" }
  }

  static func safe(_ line: String, _ message: String, same: Bool = true) -> Attempt {
    Attempt(option: "-safe", line: line, message: message, sameAsSQLite3: same)
  }

  static func readOnly(_ line: String, _ message: String, same: Bool = true) -> Attempt {
    Attempt(option: "-readonly", line: line, message: message, sameAsSQLite3: same)
  }

  static let written = "attempt to write a readonly database"

  static let attempts: [Attempt] = [
    safe(".shell touch pw", "line 2: cannot run .shell in safe mode"),
    safe(".system touch pw", "line 2: cannot run .system in safe mode"),
    safe(".output x.txt", "line 2: cannot run .output in safe mode"),
    safe(".output '|touch pw'", "line 2: cannot run .output in safe mode"),
    safe(".once x.txt", "line 2: cannot run .once in safe mode"),
    safe(".open x.db", "line 2: cannot open disk-based database files in safe mode"),
    safe(".open --new x.db", "line 2: cannot open disk-based database files in safe mode"),
    safe(".open file:x.db?mode=rwc", "line 2: cannot open disk-based database files in safe mode"),
    safe(".read big.csv", "line 2: cannot run .read in safe mode"),
    safe(".import big.csv t", "line 2: cannot run .import in safe mode"),
    safe(".load x", "line 2: cannot run .load in safe mode"),
    safe(".cd /", "line 2: cannot run .cd in safe mode"),
    safe(".log x.txt", "line 2: cannot run .log in safe mode"),
    safe(".backup x.db", "line 2: cannot run .backup in safe mode"),
    safe(".save x.db", "line 2: cannot run .save in safe mode"),
    safe(".restore w.db", "line 2: cannot run .restore in safe mode"),
    safe("ATTACH 'x.db' AS x;", "line 2: cannot run ATTACH in safe mode"),
    safe("VACUUM INTO 'x.db';", "line 2: cannot run ATTACH in safe mode"),
    safe(
      "SELECT load_extension('x');", "line 2: cannot use the load_extension() function in safe mode"
    ),
    safe("SELECT readfile('big.csv');", "line 2: cannot use the readfile() function in safe mode"),
    safe(
      "SELECT writefile('pw', 'x');", "line 2: cannot use the writefile() function in safe mode"),
    safe("SELECT edit('x', 'touch pw');", "line 2: cannot use the edit() function in safe mode"),
    safe(
      "SELECT fts3_tokenizer('simple');",
      "line 2: cannot use the fts3_tokenizer() function in safe mode"),
    safe(
      ".parameter set $x \"writefile('pw','y')\"",
      "line 2: cannot use the writefile() function in safe mode"),
    safe(".nonce guess", "line 2: incorrect nonce: \"guess\""),
    // sqlite3 3.40.1 lets these through (it writes x.txt; it lists the directory).
    safe(".trace x.txt", "line 2: cannot run .trace in safe mode", same: false),
    safe(
      "SELECT name FROM fsdir('.');", "Parse error near line 2: no such table: fsdir", same: false),
    // sqlite3 3.40.1 creates the table and writes x.txt as a ZIP archive.
    safe(
      "CREATE VIRTUAL TABLE temp.z USING zipfile('x.txt'); INSERT INTO z(name, data) VALUES(1, 2);",
      "Runtime error near line 2: cannot open a zipfile table on a file in safe mode", same: false),
    // litesh's own commands.
    safe(".edit", "line 2: cannot run .edit in safe mode", same: false),
    safe(".bench --transactions 1", "line 2: cannot run .bench in safe mode", same: false),
    readOnly("INSERT INTO t VALUES(2, 2);", "Runtime error near line 2: \(written) (8)"),
    readOnly("UPDATE t SET a = 3;", "Runtime error near line 2: \(written) (8)"),
    readOnly("DELETE FROM t;", "Runtime error near line 2: \(written) (8)"),
    readOnly("CREATE TABLE u(a);", "Runtime error near line 2: \(written) (8)"),
    readOnly("DROP TABLE t;", "Runtime error near line 2: \(written) (8)"),
    readOnly("PRAGMA user_version = 5;", "Runtime error near line 2: \(written) (8)"),
    readOnly("PRAGMA journal_mode = WAL;", "Runtime error near line 2: \(written) (8)"),
    readOnly("VACUUM;", "Runtime error near line 2: \(written) (8)"),
    readOnly(
      "ATTACH 'x.db' AS x; CREATE TABLE x.u(a);",
      "Runtime error near line 2: unable to open database: x.db (14)"),
    readOnly(".restore w.db", "Error: \(written)"),
    // sqlite3 reports every row and exits 0 (or dies of SIGPIPE); litesh stops at the first.
    readOnly(
      ".import --csv big.csv t",
      "Error: big.csv:1: INSERT failed: \(written); nothing was imported",
      same: false),
    readOnly(
      ".bench --here --transactions 1", "Error: .bench: --here: the database is open read-only",
      same: false),
    readOnly(
      ".readers 2",
      "Error: cannot use readers with a read-only database: the writer needs write access",
      same: false),
  ]

  @Test(
    "each attempt is refused with a message, status 1, no file written", arguments: attempts)
  func refused(_ attempt: Attempt) throws {
    var results: [BatchRun] = []
    for program in [Binary.litesh, BadInputTests.sqlite3] {
      let directory = try ScratchDirectory("litesh-escape")
      defer { directory.remove() }
      try directory.write("big.csv", Array("1,2\n3,4\n".utf8))
      try directory.write("stdin", Array("SELECT 1;\n\(attempt.line)\nSELECT 2;\n".utf8))
      _ = try BatchRun.run(
        BadInputTests.sqlite3, ["r.db", "CREATE TABLE t(a, b); INSERT INTO t VALUES(1, 1)"],
        in: directory)
      _ = try BatchRun.run(BadInputTests.sqlite3, ["w.db", "CREATE TABLE w(a)"], in: directory)
      let database = attempt.option == "-safe" ? ":memory:" : "r.db"
      let run = try BatchRun.run(
        program, [attempt.option, database], in: directory, inputFile: directory.path("stdin"))
      if program == Binary.litesh {
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.root)
          .filter { ["x.db", "x.txt", "pw", "v.db"].contains($0) }
        #expect(left.isEmpty, "litesh wrote \(left)")
        let check = try BatchRun.run(
          BadInputTests.sqlite3, ["r.db", "SELECT count(*) FROM t; PRAGMA user_version"],
          in: directory)
        #expect(check.outputText == "1\n0\n", "r.db changed")
      }
      results.append(run)
    }
    let (litesh, reference) = (results[0], results[1])
    #expect(litesh.signal == nil)
    #expect(litesh.firstError == attempt.message)
    #expect(litesh.status == 1)
    // A safe-mode refusal ends the program, as in sqlite3; other refusals fail one statement.
    #expect(litesh.outputText == (attempt.message.hasPrefix("line 2: ") ? "1\n" : "1\n2\n"))
    if attempt.sameAsSQLite3 {
      #expect(litesh.errors == reference.errors)
      #expect(litesh.status == reference.status)
    }
  }

  @Test("-safe: a zipfile table in the schema opens no file, the -zip archive still opens")
  func zipfileTables() throws {
    let directory = try ScratchDirectory("litesh-escape-zipfile")
    defer { directory.remove() }
    let sqlite3 = BadInputTests.sqlite3
    _ = try BatchRun.run(
      sqlite3, ["h.db", "CREATE VIRTUAL TABLE z USING zipfile('pw')"], in: directory)
    _ = try BatchRun.run(
      sqlite3, ["-zip", "a.zip", "INSERT INTO zip(name, data) VALUES('m', 'x')"], in: directory)
    let hostile = try BatchRun.run(
      Binary.litesh, ["-safe", "h.db", "INSERT INTO z(name, data) VALUES('a', 'b')"], in: directory)
    #expect(
      hostile.errors == "Error: in prepare, cannot open a zipfile table on a file in safe mode\n")
    #expect(hostile.status == 1)
    #expect(!FileManager.default.fileExists(atPath: directory.path("pw")), "litesh wrote pw")
    // A rolled-back CREATE makes SQLite open the tables again: the -zip archive's still opens.
    let archive = try BatchRun.run(
      Binary.litesh,
      ["-safe", "-zip", "a.zip", "BEGIN; CREATE TABLE q(a); ROLLBACK", "SELECT name FROM zip"],
      in: directory)
    #expect(archive.outputText == "m\n" && archive.errors.isEmpty && archive.status == 0)
  }

  @Test(
    "-cmd and SQL arguments after -safe are refused too",
    arguments: [
      ["-safe", "-cmd", ".shell touch pw", ":memory:", "SELECT 1"],
      ["-safe", ":memory:", "SELECT 1", ".shell touch pw"],
    ])
  func arguments(_ arguments: [String]) throws {
    let directory = try ScratchDirectory("litesh-escape-cmd")
    defer { directory.remove() }
    var runs: [BatchRun] = []
    for program in [Binary.litesh, BadInputTests.sqlite3] {
      runs.append(try BatchRun.run(program, arguments, in: directory))
      #expect(
        !FileManager.default.fileExists(atPath: directory.path("pw")), "\(program) ran .shell")
    }
    #expect(runs[0].errors == "line 0: cannot run .shell in safe mode\n")
    #expect(runs[0].errors == runs[1].errors && runs[0].outputText == runs[1].outputText)
    #expect(runs[0].status == 1 && runs[1].status == 1)
  }
}
