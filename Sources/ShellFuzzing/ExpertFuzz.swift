import SQLiteCore
import SQLiteShell

/// `.expert -verbose -sample 100` on the input as one line of SQL, over a schema with rows,
/// triggers, a view, a WITHOUT ROWID table and names that need quotes.
///
/// The SQL is only prepared, never run; a crash, a hang, or anything left behind on the
/// connection (a row changed, the advisor's functions or scratch table) is a finding.
enum ExpertFuzz {
  static let setup = [
    ".limits length 65536",
    "CREATE TABLE t(a, b COLLATE nocase, c); INSERT INTO t VALUES(1, 'x', 2.5), (1, 'X', NULL);",
    "CREATE TABLE \"my t\"(\"a b\", \"select\" INTEGER PRIMARY KEY, q);",
    "CREATE TABLE w(k, v, PRIMARY KEY(k, v)) WITHOUT ROWID; CREATE INDEX te ON t(a + c);",
    "CREATE VIEW vt AS SELECT a, count(*) AS n FROM t GROUP BY a;",
    "CREATE TRIGGER tr AFTER UPDATE ON t BEGIN DELETE FROM w WHERE k = old.a; END;",
    "CREATE TRIGGER tv INSTEAD OF INSERT ON vt BEGIN UPDATE t SET c = new.n WHERE a = new.a; END;",
    "CREATE TABLE sentinel(x); INSERT INTO sentinel VALUES(42);",
  ]

  static func run(_ data: [UInt8]) -> [String] {
    let output = OutputSink(.memory)
    let shell = Shell(state: ShellState(), output: output, errors: OutputSink(.memory))
    for line in setup { shell.processLine(line) }
    shell.processLine(".expert -verbose -sample 100")
    // One line that cannot be a dot-command: no line breaks, and SQL first.
    let line = data.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
    shell.processLine(SQLText(bytes: Array("SELECT 1;".utf8) + line))
    var failures: [String] = []
    if shell.shouldExit { failures.append("the shell asked to exit") }
    if !shell.isAwaitingContinuation {
      let before = output.captured.count
      shell.processLine(
        "SELECT x, (SELECT count(*) FROM t), (SELECT count(*) FROM pragma_function_list"
          + " WHERE name LIKE 'sqlite_expert%'), (SELECT count(*) FROM temp.sqlite_schema)"
          + " FROM sentinel;")
      let after = String(decoding: output.captured.dropFirst(before), as: UTF8.self)
      if after != "42|2|0|0\n" { failures.append("after .expert the connection reads \(after)") }
    }
    shell.finish()
    return failures
  }
}
