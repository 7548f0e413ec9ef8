import SQLiteCore

extension BufferedWriter {
  /// Writes the rows of `statement` as the row-by-row modes do: `header` once before the first
  /// row when `headers` is on (no header without a row, as in sqlite3), then `row` for each row,
  /// each followed by ``rowDone()``.
  ///
  /// `@_transparent`, not `@inline(__always)`: with the latter html mode ran 1% more
  /// instructions (callgrind, 200,000 rows). list, tabs, ascii, tcl and html use it, within
  /// 0.06% of their own loops; quote and csv keep their own, which cost less.
  mutating func writeRows(
    of statement: some RowSource, headers: Bool,
    header: (inout BufferedWriter) -> Void, row: (inout BufferedWriter) -> Void
  ) throws(SQLiteError) {
    var headerDue = headers
    while try statement.step() {
      if headerDue {
        headerDue = false
        header(&self)
      }
      row(&self)
      rowDone()
    }
  }
}
