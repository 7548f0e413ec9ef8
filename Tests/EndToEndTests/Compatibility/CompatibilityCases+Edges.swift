/// Inputs at the edges of what commands accept, found in review: extreme numbers and orderings.
extension CompatibilityCases {
  static let edges: [CompatibilityCase] = [
    CompatibilityCase(
      "--wrap with the smallest 64-bit integer",
      input: ".mode box --wrap -9223372036854775808\nSELECT 1, 'abc';\n"),
    CompatibilityCase(
      "--wrap with a value past 32 bits",
      input: ".mode column --wrap 4294967299\nSELECT 'abcdefgh' AS x;\n"),
    CompatibilityCase(
      ".width with the smallest 32-bit integer",
      input: ".width -2147483648\n.mode column\nSELECT 1 AS a;\n"),
    CompatibilityCase(
      ".width with large and negative values",
      input: ".width -12 0 3\n.mode table\nSELECT 1 AS a, 'bb' AS b, 'cccccc' AS c;\n"),
    CompatibilityCase(
      "generate_series ordered by rowid, descending",
      input: "SELECT value, rowid FROM generate_series(1,3) ORDER BY rowid DESC;\n"
        + "SELECT value FROM generate_series(1,9,4) ORDER BY value DESC;\n"),
  ]
}
