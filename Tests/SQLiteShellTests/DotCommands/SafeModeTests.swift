import SQLiteCore
import SQLiteShell
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("-safe and -readonly")
struct SafeModeTests {
  /// Runs `line` after `SELECT 1;` in a -safe shell working in a fresh directory.
  private func runSafe(_ line: String, prepare: ((Connection) throws -> Void)? = nil) throws -> (
    output: String, errors: String, status: Int32, directory: ScratchDirectory
  ) {
    let directory = try ScratchDirectory("litesh-safe")
    var state = ShellState()
    state.isSafe = true
    let harness = ShellHarness(state: state)
    if let prepare, let connection = harness.shell.openDatabase() { try prepare(connection) }
    let script = "SELECT 1;\n" + line.replacing("DIR", with: directory.root) + "\nSELECT 2;\n"
    let (output, errors) = harness.run(script)
    return (output, errors, harness.shell.exitStatus, directory)
  }

  private func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  @Test(
    "each file, program and extension path is refused with sqlite3's message and status 1",
    arguments: [
      (".shell touch DIR/ran", "cannot run .shell in safe mode"),
      (".system touch DIR/ran", "cannot run .system in safe mode"),
      (".backup DIR/ran", "cannot run .backup in safe mode"),
      (".save DIR/ran", "cannot run .save in safe mode"),
      (".restore DIR/ran", "cannot run .restore in safe mode"),
      (".cd DIR", "cannot run .cd in safe mode"),
      (".load DIR/ran", "cannot run .load in safe mode"),
      (".read DIR/ran", "cannot run .read in safe mode"),
      (".output DIR/ran", "cannot run .output in safe mode"),
      (".once DIR/ran", "cannot run .once in safe mode"),
      (".log DIR/ran", "cannot run .log in safe mode"),
      (".trace DIR/ran", "cannot run .trace in safe mode"),
      (".open DIR/ran", "cannot open disk-based database files in safe mode"),
      ("ATTACH 'DIR/ran' AS x;", "cannot run ATTACH in safe mode"),
      ("VACUUM INTO 'DIR/ran';", "cannot run ATTACH in safe mode"),
      (
        "SELECT load_extension('DIR/ran');", "cannot use the load_extension() function in safe mode"
      ),
    ])
  func refused(_ line: String, _ message: String) throws {
    let run = try runSafe(line)
    #expect(run.output == "1\n")
    #expect(run.errors == "line 2: \(message)\n")
    #expect(run.status == 1)
    #expect(!exists(run.directory.root + "/ran"))
  }

  @Test(
    "readfile, writefile, edit and file table functions are refused even when registered",
    arguments: ["readfile", "writefile", "edit", "fsdir"])
  func refusedFunctions(_ name: String) throws {
    let sql = name == "fsdir" ? "SELECT name FROM fsdir;" : "SELECT \(name)('DIR/ran');"
    let run = try runSafe(sql) { connection in
      try connection.createFunction(name) { _ in "called" }
      if name == "fsdir" { try connection.execute("CREATE TABLE fsdir(name)") }
    }
    #expect(run.errors == "line 2: cannot use the \(name)() function in safe mode\n")
    #expect(run.output == "1\n")
    #expect(run.status == 1)
  }

  @Test(".trace to stdout and in-memory .open stay allowed")
  func allowed() throws {
    let run = try runSafe(".trace stdout\n.open :memory:\nCREATE TABLE t(a);\n.tables")
    // As in sqlite3, `.open` starts a new connection without the old one's trace.
    #expect(run.output == "1\nt\n2\n")
    #expect(run.errors.isEmpty)
    #expect(run.status == 0)
  }

  @Test("without -safe the same commands run")
  func notSafe() throws {
    let harness = ShellHarness()
    let (output, errors) = harness.run(".system printf ran\nATTACH ':memory:' AS x;\n.databases\n")
    #expect(errors.isEmpty)
    #expect(output.hasSuffix("main: \"\" r/w\nx: \"\" r/w\n"))
  }

  @Test("-readonly refuses writes to the main database")
  func readOnly() throws {
    let path = "/tmp/litesh-readonly-\(getpid()).db"
    defer { unlink(path) }
    let writer = try Connection(path: path)
    try writer.execute("CREATE TABLE t(a)")
    try writer.close()
    let result = ShellHarness.launch(
      ["-readonly", path],
      input: "INSERT INTO t VALUES(1);\nDROP TABLE t;\nSELECT count(*) FROM t;\n")
    #expect(result.output == "0\n")
    #expect(
      result.errors == "Runtime error near line 1: attempt to write a readonly database (8)\n"
        + "Runtime error near line 2: attempt to write a readonly database (8)\n")
    #expect(result.status == 1)
  }
}
