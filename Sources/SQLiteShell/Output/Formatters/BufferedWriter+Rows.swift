import SQLiteCore

extension BufferedWriter {
  /// Writes the rows of `statement` as the row-by-row modes do: `header` once before the first
  /// row when `headers` is on (no header without a row, as in sqlite3), then `row` for each row,
  /// each followed by ``rowDone()``.
  @inline(__always)
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
