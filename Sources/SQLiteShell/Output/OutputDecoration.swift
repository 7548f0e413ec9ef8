/// Escape sequences wrapped around column names and NULL values on a colour terminal.
///
/// The sequences are written around the text after it was measured, so they never change a
/// column's width. `nil` in ``OutputStyle/decoration`` (the default) prints plain text, as
/// sqlite3 does; the REPL sets it only when results go to a terminal that wants colour.
package struct OutputDecoration: Sendable, Equatable {
  /// Written before a column name (a header cell, a list header, a line-mode name).
  package var headerStart: String
  /// Written before a NULL value (the `.nullvalue` text).
  package var nullStart: String
  /// Written after each decorated text.
  package var end: String

  /// Creates a decoration from raw escape sequences.
  package init(headerStart: String, nullStart: String, end: String) {
    self.headerStart = headerStart
    self.nullStart = nullStart
    self.end = end
  }

  /// Bold column names and dim NULLs, with SGR codes every ANSI terminal knows.
  package static let terminal = OutputDecoration(
    headerStart: "\u{1B}[1m", nullStart: "\u{1B}[2m", end: "\u{1B}[0m")

  /// Appends `text` wrapped as a header.
  @inline(__always)
  func appendHeader(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    out.append(contentsOf: headerStart.utf8)
    out.append(contentsOf: text)
    out.append(contentsOf: end.utf8)
  }

  /// Appends `text` wrapped as a NULL.
  @inline(__always)
  func appendNull(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    out.append(contentsOf: nullStart.utf8)
    out.append(contentsOf: text)
    out.append(contentsOf: end.utf8)
  }
}
