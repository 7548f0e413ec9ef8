import Testing

/// Columnar options, widths, separators, NULL text and EXPLAIN layouts, compared with sqlite3.
@Suite("Columnar options and settings against sqlite3")
struct ColumnarReferenceTests {
  static let wideQuery =
    "SELECT 'the quick brown fox jumps over the lazy dog' AS sentence, 12345678 AS n,"
    + " 'Zoë 日本語テキスト' AS u, NULL AS z, 'a'||char(9)||'b'||char(9)||'c' AS tabs,"
    + " 'x'||char(13)||char(10)||'y' AS crlf, 'alpha-beta_gamma.delta' AS punct;"

  static let optionSets: [[String]] = [
    [".mode column --wrap 10"],
    [".mode box --wrap 10 --wordwrap on"],
    [".mode table --wrap 7 --ww"],
    [".mode markdown --wrap 12 --quote"],
    [".mode box --quote"],
    [".mode column --wrap 0"],
    [".mode qbox"],
    [".mode qbox --wrap 8"],
    [".mode box --wrap 5 --noquote"],
    [".mode column", ".width 3 -4 0 5"],
    [".mode box", ".width -10 2"],
    [".mode table", ".width 1 1 1 1 1 1 1"],
    [".mode markdown", ".width -20 -3"],
    [".mode column", ".headers off"],
    [".headers off", ".mode column"],
    [".mode column", ".nullvalue NIL"],
    [".mode box", ".nullvalue 'a long null text'"],
    [".mode column --wrap 3 --ww", ".width 0 0 2"],
  ]

  static let queries = [
    wideQuery, "SELECT * FROM t;", "SELECT * FROM empty;",
    "SELECT 'ab cd ef gh ij kl mn op qr st uv wx yz' AS w, 'x' AS y UNION ALL SELECT 'z', 'ab cd';",
  ]

  static let optionCases: [ReferenceCase] = optionSets.flatMap { settings in
    queries.enumerated().map { index, query in
      ReferenceCase(
        name: "\(settings.joined(separator: "; ")) / query \(index)", settings: settings,
        query: query)
    }
  }

  @Test("matches sqlite3 for columnar options and widths", arguments: optionCases)
  func options(_ testCase: ReferenceCase) throws {
    try ReferenceHarness.check(testCase)
  }

  static let settingCases: [ReferenceCase] = [
    ReferenceCase(name: "list separators", settings: [".separator ; #"], query: "SELECT * FROM t;"),
    ReferenceCase(
      name: "list multi-byte separators", settings: [".separator ' | ' '<EOL>'", ".headers on"],
      query: "SELECT * FROM t;"),
    ReferenceCase(
      name: "csv separator inside a value", settings: [".mode csv", ".separator ;"],
      query: "SELECT 'a;b', 'c,d', 1.5;"),
    ReferenceCase(
      name: "csv nullvalue unquoted", settings: [".mode csv", ".nullvalue 'N A'"],
      query: "SELECT NULL, '', 'N A';"),
    ReferenceCase(
      name: "tabs keeps the row separator", settings: [".separator , ;", ".mode tabs"],
      query: "SELECT 1, 2;"),
    ReferenceCase(
      name: "list resets separators", settings: [".separator , ;", ".mode list"],
      query: "SELECT 1, 2;"),
    ReferenceCase(
      name: "line mode custom row separator", settings: [".mode line", ".separator , ;"],
      query: "SELECT 1 AS a, 2 AS bb; SELECT 3 AS ccc;"),
    ReferenceCase(
      name: "line mode long names", settings: [".mode line"],
      query: "SELECT 1 AS a_very_long_column_name, 'Zoë' AS \"日本\";"),
    ReferenceCase(
      name: "html nullvalue escaped", settings: [".mode html", ".nullvalue <null>"],
      query: "SELECT NULL, '<b>';"),
    ReferenceCase(
      name: "tcl nullvalue and separator", settings: [".mode tcl", ".nullvalue NIL"],
      query: "SELECT NULL, 'a b', char(7);"),
    ReferenceCase(
      name: "insert with table needing quotes", settings: [".mode insert \"my table\""],
      query: "SELECT 1, 'x';"),
    ReferenceCase(
      name: "insert with keyword table and headers",
      settings: [".mode insert order", ".headers on"],
      query: "SELECT 1 AS \"group\", 'a'||char(13)||char(10)||'b' AS v;"),
    ReferenceCase(
      name: "insert escapes with unused stand-ins", settings: [".mode insert"],
      query: "SELECT 'has \\n and'||char(10)||'newline', 'has \\r and \\015'||char(13);"),
    ReferenceCase(
      name: "insert reals", settings: [".mode insert"],
      query: "SELECT 1e18, 1e19, 0.5, -0.0, 1e300*1e300, 9.2233720368547758e18;"),
    ReferenceCase(
      name: "quote mode separators", settings: [".mode quote", ".separator |"],
      query: "SELECT 1, 'a';"),
    ReferenceCase(
      name: "json nullvalue ignored", settings: [".mode json", ".nullvalue NIL"],
      query: "SELECT NULL AS n, char(0)||'x' AS t, x'0a1f7f80' AS b;"),
    ReferenceCase(
      name: "column mode turns headers on", settings: [".mode column", ".mode list"],
      query: "SELECT 1 AS a;"),
    ReferenceCase(
      name: "explicit headers survive column mode", settings: [".headers off", ".mode column"],
      query: "SELECT 1 AS a;"),
    ReferenceCase(
      name: "count mode", settings: [".mode count"], query: "SELECT 1 UNION SELECT 2; SELECT 3;"),
    ReferenceCase(name: "off mode", settings: [".mode off"], query: "SELECT 1;"),
    ReferenceCase(
      name: "explain auto", settings: [],
      query: "EXPLAIN SELECT * FROM t WHERE id > 1 ORDER BY name;"),
    ReferenceCase(
      name: "explain auto with a join", settings: [".mode box"],
      query: "EXPLAIN SELECT * FROM t AS a JOIN t AS b ON a.id = b.id + 1;"),
    ReferenceCase(
      name: "explain off", settings: [".explain off", ".mode csv"],
      query: "EXPLAIN SELECT 1;"),
    ReferenceCase(
      name: "explain on for a select", settings: [".explain on"],
      query: "SELECT 1, 'a longer value than thirteen', NULL;"),
    ReferenceCase(
      name: "query plan tree", settings: [],
      query:
        "EXPLAIN QUERY PLAN SELECT * FROM t WHERE id > 1 UNION SELECT * FROM t"
        + " WHERE name IN (SELECT name FROM t ORDER BY score);"),
    ReferenceCase(
      name: "query plan with explain off", settings: [".explain off", ".mode line"],
      query: "EXPLAIN QUERY PLAN SELECT * FROM t WHERE id = 1;"),
    ReferenceCase(
      name: "query plan with explain on", settings: [".explain on"],
      query: "EXPLAIN QUERY PLAN SELECT * FROM t WHERE id = 1;"),
  ]

  @Test("matches sqlite3 for separators, NULL text and EXPLAIN", arguments: settingCases)
  func settings(_ testCase: ReferenceCase) throws {
    try ReferenceHarness.check(testCase)
  }
}
