public import SQLiteCore

/// Renders the rows of one statement in the current output style.
///
/// The single entry point the shell engine calls for every statement that returns columns.
public enum ResultWriter {
  /// Steps `statement` to the end and writes its rows to `sink` in `style`.
  ///
  /// Streaming modes write each row as it is stepped; columnar modes collect the rows first.
  /// - Throws: the ``SQLiteError`` of a failing step, after the rows before it were written.
  public static func write(
    _ statement: Statement, style: OutputStyle, to sink: OutputSink
  ) throws(SQLiteError) {
    let count = statement.columnCount
    while try statement.step() {
      for index in 0..<count {
        if index > 0 { sink.write(style.columnSeparator) }
        switch statement.storageClass(at: index) {
        case .null: sink.write(style.nullValue)
        case .real:
          SQLiteFormatting.appendReal(
            statement.double(at: index), significantDigits: 15, to: &sink.buffer)
        default:
          statement.withUnsafeText(at: index) { sink.buffer.append(contentsOf: $0) }
        }
      }
      sink.write(style.rowSeparator)
    }
  }
}
