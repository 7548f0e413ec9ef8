import SQLiteCore
import Testing

@testable import SQLiteShell

@Suite("Bench options")
struct BenchOptionsTests {
  @Test("reads every option, with a value after a space or an equals sign")
  func parses() throws {
    let options = try BenchOptions.parse([
      "--readers", "8", "--writers=2", "--transactions", "100", "--rate", "500",
      "--latency-limit", "5", "--max-tries", "3", "--progress", "1", "--json", "--unsafe-reads",
      "--here", "--seed", "9", "--read", "SELECT 1", "--param", "id=uniform(1,10)",
    ])
    #expect(options.readers == 8 && options.writers == 2)
    #expect(options.transactions == 100 && options.duration == nil)
    #expect(options.rate == 500 && options.latencyLimit == 5 && options.maxTries == 3)
    #expect(options.progress == 1 && options.json && options.unsafeReads && options.here)
    #expect(options.seed == 9 && options.reads == ["SELECT 1"] && !options.isBank)
    #expect(options.parameters["id"] == .uniform(lower: 1, upper: 10))
    #expect(try BenchOptions.parse(["--sweep", "1,2,4,8"]).sweep == [1, 2, 4, 8])
    #expect(
      try BenchOptions.parse(["--script", "a.sql@3"]).scripts == [.init(path: "a.sql", weight: 3)])
  }

  @Test("the options a misspelling is matched against are the ones the parser reads")
  func suggestionsAreOptions() {
    for name in BenchOptions.optionNames {
      do {
        _ = try BenchOptions.parse([name, "1"])
      } catch {
        #expect(!error.message.contains("unknown option \"\(name)\""), "\(error.message)")
      }
    }
  }

  @Test(
    "option errors say what is wrong",
    arguments: [
      (".bench --readers x", "--readers: expected an integer from 0 to 256, got \"x\""),
      (".bench --duration", "--duration needs a value"),
      (".bench --duration -1", "--duration: expected a number above 0, got \"-1\""),
      (".bench --frobnicate", "unknown option \"--frobnicate\": see .help bench"),
      (".bench --readrs 2", "unknown option \"--readrs\": did you mean --readers? see .help bench"),
      (".bench -writers 2", "unknown option \"-writers\": did you mean --writers? see .help bench"),
      (
        ".bench --seconds 2",
        "unknown option \"--seconds\": did you mean --duration? see .help bench"
      ),
      (".bench --reed x", "unknown option \"--reed\": see .help bench"),
      (".bench --writer 2", "unknown option \"--writer\": did you mean --writers? see .help bench"),
      (".bench --readers 0 --writers 0", "nothing to run: --readers and --writers are both 0"),
      (
        ".bench --latency-limit 5",
        "--latency-limit needs --rate (latency is from scheduled starts)"
      ),
      (
        ".bench --sweep 1,x",
        "--sweep: expected reader counts from 0 to 256 separated by commas (1,2,4,8), got \"1,x\""
      ),
      (
        ".bench --script a.sql@0",
        "--script: expected FILE or FILE@WEIGHT with a weight from 1 to 1000000, got \"a.sql@0\""
      ),
      (".bench --script /nonexistent/x.sql", "--script: cannot read \"/nonexistent/x.sql\""),
      (".bench --seed -3", "--seed: expected a non-negative integer, got \"-3\""),
      (".bench --here", "--here needs a database file; this shell's database is in memory"),
      (
        ".bench --param id=uniform(1,)",
        "--param: expected a number at position 14\n  id=uniform(1,)\n               ^"
      ),
    ])
  func errors(line: String, message: String) {
    let harness = ShellHarness()
    let (output, errors) = harness.run(line + "\n")
    #expect(output == "")
    #expect(errors == "Error: .bench: \(message)\n")
    #expect(harness.shell.exitStatus == 1)
  }

  @Test("refuses to run in safe mode, and --here on a database opened read-only")
  func refusals() {
    var safe = ShellState()
    safe.isSafe = true
    let safeHarness = ShellHarness(state: safe)
    #expect(safeHarness.run(".bench\n").errors == "line 1: cannot run .bench in safe mode\n")
    var readOnly = ShellState()
    readOnly.databasePath = "/nonexistent/app.db"
    readOnly.openOptions = .readOnly
    let (output, errors) = ShellHarness(state: readOnly).run(".bench --here\n")
    #expect(output == "")
    #expect(errors == "Error: .bench: --here: the database is open read-only\n")
  }

  @Test("splits a script into statements at the semicolons that end them")
  func scriptStatements() {
    let statements = BenchTransaction.statements(
      in:
        "UPDATE t SET a = ';' WHERE id = :id;\n\nSELECT 1;\nCREATE TRIGGER r AFTER INSERT ON t BEGIN SELECT 1; END;\nSELECT 2"
    )
    #expect(
      statements == [
        "UPDATE t SET a = ';' WHERE id = :id;", "SELECT 1;",
        "CREATE TRIGGER r AFTER INSERT ON t BEGIN SELECT 1; END;", "SELECT 2;",
      ])
  }
}
