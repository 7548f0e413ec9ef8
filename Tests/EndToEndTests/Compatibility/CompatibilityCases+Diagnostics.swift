/// `.trace`, `.log`, `.progress`, `.scanstats`, `.dbconfig`, `.vfsinfo` and `.nonce`.
extension CompatibilityCases {
  /// A recursive count that runs a few hundred virtual-machine steps.
  private static let counting =
    "SELECT count(*) FROM (WITH RECURSIVE c(x) AS (VALUES(1) UNION ALL SELECT x+1 FROM c"
    + " WHERE x<20) SELECT x FROM c);\n"

  private static let trigger =
    "CREATE TABLE t(a);\nCREATE TABLE log(x);\n"
    + "CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO log VALUES(new.a); END;\n"

  static let diagnostics: [CompatibilityCase] = [
    CompatibilityCase(
      ".trace shows statements inside triggers",
      input: trigger + ".trace stdout\nINSERT INTO t VALUES(1);\nSELECT a FROM t;;;\n"),
    CompatibilityCase(
      ".trace --row interleaves with streamed rows",
      input: ".trace stdout --row\nSELECT 1 UNION SELECT 2;\n.mode json\nSELECT 3 UNION SELECT 4;\n"
        + ".mode csv\n.headers on\nVALUES(5),(6);\n"),
    CompatibilityCase(
      ".trace --row before a collected table",
      input: ".trace stdout --row --stmt\n.mode box\nSELECT 1 AS a UNION SELECT 2;\n"
        + ".mode line\nSELECT 3 AS b;\n"),
    CompatibilityCase(
      ".trace --expanded and --plain with parameters",
      input: ".trace stdout --expanded\n.parameter set :x 5\nSELECT :x, 'a;';\n.trace --plain\n"
        + "SELECT :x;\n"),
    CompatibilityCase(
      ".trace options and errors",
      input: ".trace stdout\nSELECT 1;\n.trace --bogus\n.trace -bogus\nSELECT 2;\n.trace\n"
        + ".trace off\nSELECT 3;\n.trace\nSELECT 4;\n"),
    CompatibilityCase(
      ".trace stderr and --close", input: ".trace stderr --close --stmt\nSELECT 1;\n"),
    CompatibilityCase(
      ".trace with .eqp, changes and a failing step",
      input: ".trace stdout\n.eqp on\nSELECT 1;\n.eqp off\n.changes on\nCREATE TABLE u(a UNIQUE);\n"
        + "INSERT INTO u VALUES(1);\nINSERT INTO u VALUES(1);\n"),
    CompatibilityCase(
      ".log stdout shows prepare and step failures",
      input: ".log stdout\nSELECT * FROM nosuch;\nSELECT 1;\nCREATE TABLE t(a UNIQUE);\n"
        + "INSERT INTO t VALUES(1);\nINSERT INTO t VALUES(1);\n.log off\nSELECT * FROM nosuch2;\n"),
    CompatibilityCase(
      ".log stderr, a file and usage",
      input: ".log stderr\nSELECT * FROM nosuch3;\n.log x.log\nSELECT * FROM nosuch4;\n.log\n"
        + ".log a b\n.log stdout\nSELECT * FROM nosuch5;\n"),
    CompatibilityCase(
      ".log in order with a collected table",
      input: ".log stdout\n.mode box\nCREATE TABLE t(a);\nINSERT INTO t VALUES(1),(2);\n"
        + "SELECT a, a/0 FROM t UNION ALL SELECT 1, abs(-9223372036854775808);\n"),
    CompatibilityCase(
      ".progress counts across statements", input: ".progress 50\n" + counting + counting),
    CompatibilityCase(
      ".progress --limit interrupts",
      input: ".progress 50 --limit 3\n" + counting + ".progress 50 --limit 3 --reset\n" + counting
        + counting + ".progress 50 --limit 3 --once\n" + counting + counting),
    CompatibilityCase(
      ".progress --quiet and off",
      input: ".progress 20 -q --limit 5\n" + counting + ".progress 10 --quiet\n" + counting
        + ".progress 0\n" + counting + ".progress\n" + counting),
    CompatibilityCase(
      ".progress lines among streamed rows",
      input: ".progress 10\nSELECT x FROM (WITH RECURSIVE c(x) AS (VALUES(1) UNION ALL "
        + "SELECT x+1 FROM c WHERE x<5) SELECT x FROM c);\n.mode box\nVALUES(1),(2);\n"),
    CompatibilityCase(
      ".progress errors",
      input: ".progress --bogus\n.progress --limit\n.progress 10 20\nSELECT 1;\n"),
    CompatibilityCase(
      ".progress --reset counts per input",
      input: ".progress 50 --reset\n" + counting + counting.dropLast() + " " + counting),
    CompatibilityCase(
      ".auth prints every authorizer call while statements prepare",
      input: ".auth on\nCREATE TABLE t(a, \"b c\");\nINSERT INTO t VALUES(1, 'é');\n"
        + "CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET a = a + 1; END;\n"
        + "INSERT INTO t VALUES(3, 4);\nSELECT a, \"b c\", upper(a) FROM t;\n"
        + "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 2)"
        + " SELECT * FROM r;\nPRAGMA table_info(t);\nSAVEPOINT s;\nRELEASE s;\n"
        + "CREATE VIEW v AS SELECT 1;\nDROP VIEW v;\nCREATE INDEX i ON t(a);\nANALYZE;\n"
        + "ALTER TABLE t ADD COLUMN z;\nATTACH ':memory:' AS x;\nCREATE TEMP TABLE tt(a);\n"
        + ".output a.txt\nSELECT 1;\n.output\n.auth off\nSELECT 2;\n.auth 1\n.open\n"
        + "SELECT 3;\n.read a.txt\n"),
    CompatibilityCase(".auth errors", input: ".auth\n.auth on off\n.auth maybe\nSELECT 1;\n"),
    CompatibilityCase(
      ".auth under -safe prints nothing", ["-safe"], input: ".auth on\nSELECT 1;\n"),
    CompatibilityCase(
      ".binary checks its argument and changes nothing",
      input: ".binary on\nSELECT 1;\n.binary off\n.binary x\n.binary\n.bin 1 2\nSELECT 2;\n"),
    CompatibilityCase(
      ".scanstats and its abbreviation",
      input: ".scanstats on\n.scanstats off\n.scanstats\n.scanstats est\n.s\n.sc 1\n"),
    CompatibilityCase(
      ".dbconfig reads and sets options",
      input: ".dbconfig defensive\n.dbconfig defensive on\n.dbconfig defensive\n"
        + ".dbconfig enable_fkey 1 2\n.dbconfig trigger_eqp\n.dbconfig dqs_dml off\n"
        + "SELECT \"x\";\n.dbconfig bogus\n.dbconfig a b c d\n"),
    CompatibilityCase(
      ".vfsinfo after the database opens",
      input: "SELECT 1;\n.vfsinfo\n.vfsinfo temp\n.vfsinfo nosuch\n.vfsi\n"),
    CompatibilityCase(".nonce needs one argument", input: ".nonce\n.nonce a b\nSELECT 1;\n"),
    CompatibilityCase(
      ".nonce with a wrong nonce ends the shell", input: "SELECT 1;\n.nonce abc\nSELECT 2;\n"),
    CompatibilityCase(
      ".nonce lifts -safe for one command", ["-safe", "-nonce", "xyz"],
      input: ".nonce xyz\n.once |cat\n.print hi\n.once |cat\n.print no\n"),
    CompatibilityCase(
      ".nonce without -nonce", ["-safe"], input: ".nonce xyz\n.print not-reached\n"),
    CompatibilityCase(
      ".help for the diagnostic commands",
      input: ".help progress\n.help scanstats\n.help dbconfig\n.help nonce\n.help vfsi\n"
        + ".help vfsl\n.help log\n"),
  ]
}
