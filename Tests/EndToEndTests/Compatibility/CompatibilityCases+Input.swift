/// Input processing and errors, as sqlite3 splits and reports them.
extension CompatibilityCases {
  static let inputs: [CompatibilityCase] = [
    CompatibilityCase("several statements on one line", input: "SELECT 1; SELECT 2;SELECT 3;\n"),
    CompatibilityCase("a statement over many lines", input: "SELECT\n1\n+\n2\n;\n"),
    CompatibilityCase("the last statement without a semicolon runs", input: "SELECT 1;\nSELECT 2"),
    CompatibilityCase(
      "go and slash end statements", input: "SELECT 1\ngo\nSELECT 2\n  /  \nSELECT 3\nGO\n"),
    CompatibilityCase("go inside a string is text", input: "SELECT 'a\ngo\nb';\n"),
    CompatibilityCase(
      "hash lines are comments", input: "# comment\nSELECT 1;\n  # not a comment;\n"),
    CompatibilityCase(
      "comment-only lines are skipped", input: "-- c\n.print x\n/* a\nb */\n.print y\n"),
    CompatibilityCase("a dot-command needs column 0", input: "  .print x\n"),
    CompatibilityCase(
      "a dot-command is SQL while SQL is pending", input: "SELECT 6; .print x\n;\n"),
    CompatibilityCase(
      "triggers end at END",
      input: "CREATE TABLE t(a);\nCREATE TRIGGER r AFTER INSERT ON t BEGIN\n  SELECT 1;\n"
        + "  SELECT 2;\nEND;\nINSERT INTO t VALUES(1);\nSELECT count(*) FROM t;\n"),
    CompatibilityCase(
      "semicolons in strings and comments", input: "SELECT 'a;b', /* ; */ 2 -- ;\n;\n"),
    CompatibilityCase("a lone semicolon is skipped", input: ";\n;;\nSELECT 1;\n"),
    CompatibilityCase("blank lines inside a statement", input: "SELECT\n\n1;\n"),
    CompatibilityCase("CRLF line ends", input: "SELECT 1;\r\nSELECT 'a'\r\n;\r\n"),
    CompatibilityCase("an empty input", input: ""),
    CompatibilityCase(
      ".echo prints every input",
      input: ".echo on\nSELECT 1; SELECT 2;\n-- comment\n# hash\n\n.print hi\nSELECT\n 3\n;\n;\n"),
    CompatibilityCase(
      ".read nests with its own line numbers",
      input: "SELECT 1;\n.read a.sql\nSELECT 4;\nSELEC 5;\n",
      files: [
        "a.sql": "\nSELECT 2;\nSELEC x;\n.read b.sql\nSELECT 3;\n",
        "b.sql": "\n\nSELECT y;\n.quit\nSELECT 99;\n",
      ]),
    CompatibilityCase(
      ".read from a command", input: ".read |printf 'SELECT 5;\\nSELEC 6;\\n'\nSELECT 7;\n"),
    CompatibilityCase(
      ".read a missing file and no argument", input: ".read nosuch.sql\n.read\nSELECT 1;\n"),
    CompatibilityCase(
      ".read with -bail stops the outer input too", ["-bail"], input: ".read a.sql\nSELECT 4;\n",
      files: ["a.sql": "SELECT 1;\nSELEC 2;\nSELECT 3;\n"]),
    CompatibilityCase(
      ".read of a file ending without a semicolon", input: ".read a.sql\nSELECT 2;\n",
      files: ["a.sql": "SELECT 1"]),
  ]

  static let errors: [CompatibilityCase] = [
    CompatibilityCase(
      "a syntax error has a caret block", input: "SELECT 1;\nSELEC 2;\nSELECT 3;\n"),
    CompatibilityCase("a prepare error without offset", input: "SELECT * FROM nosuch;\n"),
    CompatibilityCase(
      "a step error has its code",
      input: "CREATE TABLE x(a UNIQUE);\nINSERT INTO x VALUES(1);\nINSERT INTO x VALUES(1);\n"),
    CompatibilityCase(
      "a step error with code 1 has none", input: "SELECT abs(-9223372036854775808);\n"),
    CompatibilityCase("an incomplete statement at the end", input: "SELECT 1;\nSELECT (2\n"),
    CompatibilityCase("an unterminated string", input: "SELECT 'abc\n"),
    CompatibilityCase(
      "the error line is where the chunk began", input: "SELECT 1;\n\nSELECT\n1,\nnosuch;\n"),
    CompatibilityCase(
      "an error in the second statement of a line", input: "SELECT 1;   SELEC 2; SELECT 3;\n"),
    CompatibilityCase(
      "a far-right error is marked from the left",
      input: "SELECT 1111111111, 2222222222, 3333333333, 4444444444, 5555555555 FROMM t;\n"),
    CompatibilityCase(
      "a long statement is cut around the error",
      input: "SELECT 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', "
        + "'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' FROMM t, 'ccccccccccccccccccccccccccccccc';\n"
    ),
    CompatibilityCase(
      "a caret after non-ASCII text",
      input: "SELECT 'ééééééééééééééééééééééééééééééééééééééééééééééé', x FROMM t;\n"),
    CompatibilityCase(
      "rows before a failing step are printed",
      input: "SELECT 1 UNION ALL SELECT abs(-9223372036854775808);\n"),
    CompatibilityCase(
      "errors never stop the shell without bail", input: "SELEC;\nSELEC;\nSELECT 1;\n"),
    CompatibilityCase(
      "-bail stops at the first error", ["-bail"], input: "SELECT 1;\nSELEC 2;\nSELECT 3;\n"),
    CompatibilityCase(
      ".bail on stops at the first error", input: ".bail on\nSELECT 1;\nSELEC 2;\nSELECT 3;\n"),
    CompatibilityCase(
      ".bail on stops after a dot-command error", input: ".bail on\n.bogus\nSELECT 3;\n"),
    CompatibilityCase("an unknown dot-command", input: ".foo bar\nSELECT 1;\n"),
    CompatibilityCase(".exit with a code", input: "SELECT 1;\n.exit 7\nSELECT 2;\n"),
    CompatibilityCase(
      ".exit 0 after an error keeps status 1", input: "SELEC;\n.exit 0\nSELECT 2;\n"),
    CompatibilityCase(".quit stops reading", input: "SELECT 1;\n.quit\nSELECT 2;\n"),
    CompatibilityCase(
      ".exit inside .read", input: ".read a.sql\nSELECT 2;\n", files: ["a.sql": ".exit 3\n"]),
    CompatibilityCase("SQL argument syntax error", [":memory:", "SELECT 1; SELEC 2"]),
    CompatibilityCase(
      "SQL argument constraint error exits with the code",
      [":memory:", "CREATE TABLE x(a UNIQUE); INSERT INTO x VALUES(1),(1)"]),
    CompatibilityCase(
      "SQL arguments stop at the first error", [":memory:", "SELECT 1", "SELEC", "SELECT 2"]),
    CompatibilityCase(
      "a dot-command argument error", [":memory:", "SELECT 1", ".bogus", "SELECT 2"]),
    CompatibilityCase(
      "-readonly refuses writes", ["-readonly", "ro.db"], input: "CREATE TABLE t(a);\nSELECT 1;\n",
      files: ["ro.db": ""]),
    CompatibilityCase("-readonly on a missing file", ["-readonly", "nosuch.db", "SELECT 1"]),
    CompatibilityCase(
      "a missing database opens only when needed", ["-readonly", "nosuch.db"],
      input: ".print a\nSELECT 1;\n.print b\n"),
    CompatibilityCase(
      "a database that is a directory", ["sub/"], input: "SELECT 1;\n", files: ["sub/x": ""]),
  ]
}
