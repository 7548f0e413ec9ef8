/// SQL snippets the suites share.
enum TestSQL {
  /// A query of one column `value` holding the integers 1 through `count`, in order.
  ///
  /// The library has no `generate_series` (that is the sqlite3 shell's extension), so this is
  /// a recursive common table expression.
  static func counting(to count: Int, select: String = "value") -> String {
    "WITH RECURSIVE s(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM s WHERE value < \(count))"
      + " SELECT \(select) FROM s"
  }

  /// A recursive query that never ends on its own.
  static let endless =
    "WITH RECURSIVE s(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM s) SELECT max(value) FROM s"
}
