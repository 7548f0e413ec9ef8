import SQLiteCore
import Testing

@testable import SQLiteShell

/// Display-width measuring, used on a terminal only.
@Suite("DisplayWidth")
struct DisplayWidthTests {
  @Test(
    "measures wide, combining and ASCII characters",
    arguments: [
      (0x41, 1), (0x65E5, 2), (0xAC00, 2), (0xFF21, 2), (0x1F600, 2), (0x0301, 0), (0x200B, 0),
      (0xE9, 1),
    ] as [(UInt32, Int)])
  func widths(_ scalar: UInt32, _ expected: Int) {
    #expect(DisplayWidth.width(of: scalar) == expected)
  }

  @Test("aligns CJK by display width in box mode when asked, by code points otherwise")
  func boxAlignment() throws {
    let connection = try Connection()
    var style = OutputStyle()
    _ = style.applyModeCommand(["box"])
    style.usesDisplayWidth = true
    let sink = OutputSink(.memory)
    let statement = try connection.prepare("SELECT '日本' AS a UNION ALL SELECT 'abcd'")
    try ResultWriter.write(statement, style: style, to: sink)
    #expect(
      sink.capturedText == """
        ┌──────┐
        │  a   │
        ├──────┤
        │ 日本 │
        │ abcd │
        └──────┘

        """)
  }

  @Test("wraps by display width: a wide character counts two columns")
  func wraps() throws {
    let connection = try Connection()
    var style = OutputStyle()
    _ = style.applyModeCommand(["column", "--wrap", "4"])
    style.usesDisplayWidth = true
    let sink = OutputSink(.memory)
    try ResultWriter.write(
      try connection.prepare("SELECT '日本語テ' AS a"), style: style, to: sink)
    #expect(sink.capturedText == "a   \n----\n日本\n語テ\n")
  }
}
