import Testing

/// Every mode × every kind of value, headers on and off, compared byte for byte with sqlite3.
@Suite("ResultWriter against sqlite3")
struct ResultWriterReferenceTests {
  static let modes = [
    "list", "csv", "tabs", "line", "column", "table", "box", "markdown", "json", "insert",
    "insert target", "quote", "html", "ascii", "tcl", "qbox",
  ]

  static let datasets: [(name: String, query: String)] = [
    ("sample table", "SELECT * FROM t;"),
    ("NULLs", "SELECT NULL AS a, 1 AS b, NULL AS c UNION ALL SELECT 'x', NULL, 2.5;"),
    (
      "reals",
      "SELECT 0.1, 1e100, -0.0, 1e300*1e300 AS inf, -1e300*1e300 AS ninf, 100.0/3, 1e15,"
        + " 2e-5, 123456789012345678.0, 1.0, -2.0, 1e19;"
    ),
    (
      "big integers",
      "SELECT 9223372036854775807 AS max, -9223372036854775808 AS min, 0, -1, 1234567890123;"
    ),
    (
      "blobs",
      "SELECT x'00ff' AS b1, x'' AS b2, x'414243' AS b3, x'41004243' AS b4, zeroblob(2) AS z;"
    ),
    (
      "non-ASCII text",
      "SELECT 'Zoë 日本' AS name, '日本語テキスト' AS cjk, 'cafe'||char(769) AS comb,"
        + " '😀x' AS emoji, 'ÿ' AS y;"
    ),
    (
      "special characters",
      "SELECT 'line1'||char(10)||'line2' AS nl, 'a'||char(9)||'b' AS tab, 'it''s \"q\"' AS q,"
        + " 'a,b' AS comma, 'x'||char(13)||char(10)||'y' AS crlf, '<&>' AS html,"
        + " 'back\\slash' AS bs, char(1)||'ctl' AS ctl, 'sp ace' AS sp, char(127) AS del;"
    ),
    ("empty result", "SELECT * FROM empty;"),
    (
      "wide values",
      "SELECT printf('%.80c','w') AS wide, 'short' AS s,"
        + " 'the quick brown fox jumps over the lazy dog again and again until the end' AS words;"
    ),
    ("two statements", "SELECT 1 AS a; SELECT 2 AS b, 'x' AS c;"),
    (
      "odd column names",
      "SELECT 1 AS \"a b\", 2 AS \"select\", 3 AS _ok, 4 AS \"日本\", 5 AS \"q\"\"x\";"
    ),
    ("text with NUL", "SELECT 'ab'||char(0)||'cd' AS t, CAST('ab'||char(0)||'cd' AS BLOB) AS b;"),
  ]

  static let gridCases: [ReferenceCase] = modes.flatMap { mode in
    datasets.flatMap { dataset in
      ["on", "off"].map { headers in
        ReferenceCase(
          name: "\(mode) / \(dataset.name) / headers \(headers)",
          settings: [".mode \(mode)", ".headers \(headers)"], query: dataset.query)
      }
    }
  }

  @Test("matches sqlite3 for every mode and value kind", arguments: gridCases)
  func grid(_ testCase: ReferenceCase) throws {
    try ReferenceHarness.check(testCase)
  }
}
