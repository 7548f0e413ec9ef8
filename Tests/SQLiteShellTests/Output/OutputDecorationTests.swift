import SQLiteCore
import SQLiteShell
import Testing

/// The colour hook: escape codes around column names and NULLs, never changing the layout.
@Suite("OutputDecoration")
struct OutputDecorationTests {
  static let query =
    "SELECT 1 AS id, NULL AS missing, '日本語' AS word UNION ALL SELECT 22, 'x', 'abcdef'"

  private func render(_ mode: String, decoration: OutputDecoration?) throws -> String {
    let connection = try Connection()
    var style = OutputStyle()
    _ = style.applyModeCommand([mode])
    style.showHeaders = true
    style.nullValue = "NULL"
    style.usesDisplayWidth = true
    style.decoration = decoration
    let sink = OutputSink(.memory)
    try ResultWriter.write(try connection.prepare(Self.query), style: style, to: sink)
    return sink.capturedText
  }

  /// The text without `ESC [ … m` sequences.
  private func stripped(_ text: String) -> String {
    var result = ""
    var inEscape = false
    for scalar in text.unicodeScalars {
      if inEscape {
        if scalar == "m" { inEscape = false }
      } else if scalar == "\u{1B}" {
        inEscape = true
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  @Test(
    "adds only escape codes: without them the output is byte for byte the plain output",
    arguments: ["list", "column", "box", "table", "markdown", "line", "qbox"])
  func layoutUnchanged(_ mode: String) throws {
    let plain = try render(mode, decoration: nil)
    let coloured = try render(mode, decoration: .terminal)
    #expect(coloured != plain)
    #expect(stripped(coloured) == plain)
  }

  @Test("wraps each column name as a header and each NULL as a NULL")
  func wrapsHeadersAndNulls() throws {
    let list = try render("list", decoration: .terminal)
    #expect(
      list.hasPrefix("\u{1B}[1mid\u{1B}[0m|\u{1B}[1mmissing\u{1B}[0m|\u{1B}[1mword\u{1B}[0m\n"))
    #expect(list.contains("1|\u{1B}[2mNULL\u{1B}[0m|日本語\n"))
    let box = try render("box", decoration: .terminal)
    #expect(box.contains("│ \u{1B}[1mid\u{1B}[0m │"))
    #expect(box.contains("│ \u{1B}[2mNULL\u{1B}[0m    │"))
    let line = try render("line", decoration: .terminal)
    #expect(line.contains("\u{1B}[1mmissing\u{1B}[0m = \u{1B}[2mNULL\u{1B}[0m\n"))
  }

  @Test(
    "leaves data formats alone", arguments: ["csv", "json", "insert", "quote", "html", "tcl"])
  func dataFormatsPlain(_ mode: String) throws {
    #expect(try render(mode, decoration: .terminal) == render(mode, decoration: nil))
  }
}
