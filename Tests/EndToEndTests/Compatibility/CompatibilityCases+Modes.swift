/// Every output mode against data that exercises its rules, with headers on and off.
extension CompatibilityCases {
  /// Named data sets: each is SQL that creates `t` and fills it.
  static let dataSets: [(String, String)] = [
    (
      "NULLs",
      "CREATE TABLE t(a, b TEXT, c REAL); INSERT INTO t VALUES(NULL, 'x', NULL), (1, NULL, 2.5);"
    ),
    (
      "reals",
      "CREATE TABLE t(a); INSERT INTO t VALUES(1.0),(-2.0),(0.1),(100.0/3),(1e15),(1e16),"
        + "(123456789012345678.0),(2e-5),(-0.0),(1e300*1e300),(-1e300*1e300);"
    ),
    (
      "big integers",
      "CREATE TABLE t(a, b); INSERT INTO t VALUES(9223372036854775807, -9223372036854775808),"
        + "(0, 4294967296);"
    ),
    (
      "blobs",
      "CREATE TABLE t(a, b); INSERT INTO t VALUES(x'414243', x'00ff'), (x'', zeroblob(2)),"
        + "(x'e697a5', x'0a');"
    ),
    (
      "non-ASCII text",
      "CREATE TABLE t(name, city); INSERT INTO t VALUES('Zoë', '日本語'), ('Ñandú', 'Αθήνα'),"
        + "('emoji 🎉', 'tab\there');"
    ),
    (
      "embedded newlines and quotes",
      "CREATE TABLE t(a, b); INSERT INTO t VALUES('line1'||char(10)||'line2', 'it''s \"q\"'),"
        + "('back\\slash', 'cr'||char(13)||'lf'), ('<a&b>', ',;|');"
    ),
    ("empty results", "CREATE TABLE t(a, b);"),
    (
      "wide values that wrap",
      "CREATE TABLE t(a, b); INSERT INTO t VALUES(printf('%.80c', 'x'), 'short'),"
        + "('the quick brown fox jumps over the lazy dog and keeps running far away from home', 2);"
    ),
  ]

  static let modeNames = [
    "list", "csv", "tabs", "line", "column", "table", "box", "markdown", "json", "insert",
    "quote", "html", "ascii", "tcl", "qbox",
  ]

  static var modes: [CompatibilityCase] {
    var cases: [CompatibilityCase] = []
    for mode in modeNames {
      for (dataName, sql) in dataSets {
        cases.append(
          CompatibilityCase(
            ".mode \(mode) with \(dataName)",
            input: "\(sql)\n.mode \(mode)\nSELECT * FROM t;\n.headers on\nSELECT * FROM t;\n"
              + ".headers off\nSELECT *, 1 AS one FROM t;\n"))
      }
    }
    cases += [
      CompatibilityCase(
        "column options wrap, word wrap and quote",
        input: dataSets[7].1
          + "\n.mode column --wrap 10 --ww\nSELECT * FROM t;\n.mode box --wrap 12 --quote\n"
          + "SELECT * FROM t;\n.mode table --wordwrap on --noquote\nSELECT * FROM t;\n"),
      CompatibilityCase(
        ".width with negative and zero widths",
        input: dataSets[4].1
          + "\n.mode column\n.width 3 -8\nSELECT * FROM t;\n.width 0 2\nSELECT * FROM t;\n"
          + ".width\nSELECT * FROM t;\n"),
      CompatibilityCase(
        ".mode insert with a table name",
        input: dataSets[5].1 + "\n.mode insert x\nSELECT * FROM t;\n"),
      CompatibilityCase(
        ".nullvalue in text modes and json",
        input: dataSets[0].1
          + "\n.nullvalue NIL\nSELECT * FROM t;\n.mode csv\nSELECT * FROM t;\n.mode json\n"
          + "SELECT * FROM t;\n.mode quote\nSELECT * FROM t;\n"),
      CompatibilityCase(
        ".separator with escapes and quotes",
        input: "SELECT 1, 2;\n.separator \\t \"\\n--\\n\"\nSELECT 1, 2;\n.separator ',' '\\n'\n"
          + "SELECT 3, 4;\n"),
      CompatibilityCase(
        "several statements on a line each get headers",
        input:
          ".headers on\n.mode box\nSELECT 1 AS a; SELECT 2 AS b;\n.mode json\nSELECT 1 AS a; SELECT 2 AS b;\n"
      ),
    ]
    return cases
  }
}
