import SQLiteCore
import SQLiteShell
import Testing

/// A step that fails part-way: the rows before it are printed as sqlite3 prints them.
@Suite("ResultWriter with a failing step")
struct ResultWriterErrorTests {
  static let failingQuery =
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x<5)"
    + " SELECT x, CASE WHEN x=3 THEN abs(-9223372036854775808) ELSE 'v'||x END AS y FROM c;"

  @Test(
    "prints the rows before the error, then throws",
    arguments: ["list", "csv", "json", "box", "column", "line", "insert", "markdown", "count"])
  func rowsBeforeError(_ mode: String) throws {
    let probe = ReferenceCase(
      name: mode, setup: "", settings: [".mode \(mode)"], query: Self.failingQuery)
    let expected = try ReferenceHarness.sqlite3Output(probe)
    let connection = try Connection()
    var style = OutputStyle()
    _ = style.applyModeCommand([mode])
    let sink = OutputSink(.memory)
    let statement = try connection.prepare(Self.failingQuery)
    #expect(throws: SQLiteError.self) {
      try ResultWriter.write(statement, style: style, to: sink)
    }
    #expect(sink.captured == expected)
  }

  @Test("streams a long result through the sink's buffer instead of collecting it")
  func streams() throws {
    let connection = try Connection()
    let statement = try connection.prepare(
      "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x<100000) SELECT x FROM c"
    )
    let sink = OutputSink(.memory)
    try ResultWriter.write(statement, style: OutputStyle(), to: sink)
    // The pending buffer is handed over every 64 KiB: it never holds the whole result.
    #expect(sink.buffer.count < 1 << 17)
    var expectedCount = 0
    for value in 1...100_000 { expectedCount += String(value).utf8.count + 1 }
    #expect(sink.captured.count == expectedCount)
  }
}
