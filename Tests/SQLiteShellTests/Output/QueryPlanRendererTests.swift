import SQLiteCore
import SQLiteShell
import Testing

/// The `QUERY PLAN` tree the engine prints for `.eqp on`.
@Suite("QueryPlanRenderer")
struct QueryPlanRendererTests {
  @Test("draws nested rows with |-- and `-- as sqlite3 does")
  func drawsTree() {
    let sink = OutputSink(.memory)
    QueryPlanRenderer.render(
      [
        QueryPlanRow(id: 1, parent: 0, detail: "COMPOUND QUERY"),
        QueryPlanRow(id: 2, parent: 1, detail: "LEFT-MOST SUBQUERY"),
        QueryPlanRow(id: 5, parent: 2, detail: "SCAN t"),
        QueryPlanRow(id: 14, parent: 1, detail: "UNION USING TEMP B-TREE"),
        QueryPlanRow(id: 15, parent: 14, detail: "SCAN CONSTANT ROW"),
      ], to: sink)
    #expect(
      sink.capturedText == """
        QUERY PLAN
        `--COMPOUND QUERY
           |--LEFT-MOST SUBQUERY
           |  `--SCAN t
           `--UNION USING TEMP B-TREE
              `--SCAN CONSTANT ROW

        """)
  }

  @Test("prints nothing for no rows")
  func empty() {
    let sink = OutputSink(.memory)
    QueryPlanRenderer.render([], to: sink)
    #expect(sink.captured.isEmpty)
  }

  @Test("renders the plan of a statement like sqlite3's .eqp on")
  func matchesEQP() throws {
    let query = "SELECT * FROM t WHERE id IN (SELECT id FROM t WHERE name > 'a') ORDER BY score"
    let probe = ReferenceCase(name: "eqp", settings: [".eqp on", ".mode off"], query: query + ";")
    let expected = try ReferenceHarness.sqlite3Output(probe)
    let connection = try Connection()
    try connection.execute(ReferenceCase.sampleSetup)
    let sink = OutputSink(.memory)
    try QueryPlanRenderer.writePlan(
      of: try connection.prepare("EXPLAIN QUERY PLAN " + query), to: sink)
    #expect(sink.captured == expected)
  }
}
