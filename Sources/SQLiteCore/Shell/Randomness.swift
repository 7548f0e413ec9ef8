import CSQLite

/// Random bits from SQLite's generator (`sqlite3_randomness`), as sqlite3's shell takes them
/// for temporary names and `.testctrl prng_seed random`.
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/randomness.html>
package func sqliteRandom<T: FixedWidthInteger>(_: T.Type = T.self) -> T {
  var value: T = 0
  withUnsafeMutableBytes(of: &value) { sqlite3_randomness(Int32($0.count), $0.baseAddress) }
  return value
}

/// Whether `text` matches the GLOB `pattern` (`*`, `?`, `[...]`, case-sensitive), by SQLite's
/// `sqlite3_strglob`.
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/strglob.html>
package func sqliteGlob(_ pattern: String, matches text: String) -> Bool {
  sqlite3_strglob(pattern, text) == 0
}
