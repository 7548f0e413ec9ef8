import SQLiteCore
import SQLiteShell
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Schema, database and file commands")
struct SchemaCommandTests {
  @Test(".tables fills columns top to bottom, as wide as the longest name")
  func tablesLayout() {
    let script =
      ["a", "bb", "ccc", "dddd"].map { "CREATE TABLE \($0)(x);\n" }.joined() + ".tables\n"
    #expect(ShellHarness().run(script).output == "a     bb    ccc   dddd\n")
  }

  @Test(".schema --indent puts each column on its own line once the text is long")
  func indent() {
    let script =
      "CREATE TABLE t(alpha INTEGER, beta TEXT, gamma REAL, delta BLOB, epsilon, zeta, eta);\n"
      + ".schema --indent\n"
    #expect(
      ShellHarness().run(script).output
        == "CREATE TABLE t(\n  alpha INTEGER,\n  beta TEXT,\n  gamma REAL,\n  delta BLOB,\n"
        + "  epsilon,\n  zeta,\n  eta\n);\n")
  }

  @Test(".schema adds the schema name and a view's columns")
  func attachedSchema() {
    let script =
      "ATTACH ':memory:' AS \"my db\";\nCREATE VIEW \"my db\".v AS SELECT 1 AS one;\n.schema\n"
    #expect(
      ShellHarness().run(script).output
        == "CREATE VIEW \"my db\".v AS SELECT 1 AS one\n/* \"my db\".v(one) */;\n")
  }

  @Test(".backup and .restore round-trip the data through a file")
  func backupRestore() {
    let path = "/tmp/litesh-backup-\(getpid()).db"
    defer { unlink(path) }
    let first = ShellHarness().run(
      "CREATE TABLE t(a);\nINSERT INTO t VALUES(1),(2),(3);\n.backup \(path)\n")
    #expect(first.errors.isEmpty)
    let second = ShellHarness().run(".restore \(path)\nSELECT sum(a) FROM t;\n")
    #expect(second.output == "6\n")
    #expect(second.errors.isEmpty)
  }

  @Test(".open switches the database and .databases reports read-only files")
  func openReadOnly() {
    let path = "/tmp/litesh-open-\(getpid()).db"
    defer { unlink(path) }
    let harness = ShellHarness()
    let result = harness.run(
      ".open \(path)\nCREATE TABLE t(a);\n.open --readonly \(path)\n.databases\n"
        + "INSERT INTO t VALUES(1);\n")
    #expect(result.output == "main: \(path) r/o\n")
    #expect(result.errors.contains("attempt to write a readonly database (8)"))
    #expect(harness.shell.state.databasePath == path)
  }

  @Test(".stats vmstep prints the step count after each statement")
  func statsVMStep() {
    let harness = ShellHarness()
    let result = harness.run(".stats vmstep\nSELECT 1;\n")
    #expect(result.output.hasPrefix("1\nVM-steps: "))
    #expect(harness.shell.state.statistics == .vmstep)
  }

  @Test(".stats prints the memory and cache counters")
  func statsSnapshot() {
    let result = ShellHarness().run("CREATE TABLE t(a);\n.stats\n")
    for label in [
      "Memory Used:", "Lookaside Slots Used:", "Page cache hits:", "Schema Heap Usage:",
    ] {
      #expect(result.output.contains(label))
    }
  }

  @Test(".shell joins arguments and quotes those with spaces")
  func shellQuoting() {
    let path = "/tmp/litesh-shell-\(getpid()).txt"
    defer { unlink(path) }
    _ = ShellHarness().run(".shell printf %s- \"a b\" c > \(path)\n")
    guard let reader = LineReader.open(path: path) else {
      Issue.record("no output file")
      return
    }
    defer { reader.close() }
    #expect(reader.nextLine() == "a b-c-")
  }
}
