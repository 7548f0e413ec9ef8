import SQLiteShell
import Testing

/// `.expert` where litesh differs from sqlite3 3.40.1 on purpose (the shared behaviour is in
/// the compatibility cases).
@Suite("ExpertCommand")
struct ExpertCommandTests {
  @Test("no candidates and a statement without a plan print empty lines, not (null)")
  func emptyListsAreEmpty() {
    let result = ShellHarness().run(".expert -verbose\nCREATE TABLE q(x);\n")
    #expect(
      result.output
        == "-- Candidates -----------------------------\n\n"
        + "-- Query 1 --------------------------------\nCREATE TABLE q(x);\n\n"
        + "(no new indexes)\n\n\n")
    #expect(result.errors.isEmpty)
  }

  @Test("-sample skips an index on an expression instead of failing")
  func expressionIndexWithSample() {
    let result = ShellHarness().run(
      "CREATE TABLE t(a, b);\nINSERT INTO t VALUES(1, 2), (1, 3);\nCREATE INDEX ie ON t(a + b);\n"
        + ".expert -v -sample 100\nSELECT * FROM t WHERE a = 1 AND b = 2;\n")
    #expect(result.errors.isEmpty)
    #expect(result.output.contains("CREATE INDEX t_idx_000123a7 ON t(a, b); -- stat1: 2 2 1\n"))
    #expect(result.output.contains("SEARCH t USING COVERING INDEX t_idx_000123a7 (a=? AND b=?)\n"))
  }

  @Test(".timer on times the advice as any other chunk")
  func timer() {
    let result = ShellHarness().run(".timer on\n.expert\nSELECT 1;\n")
    #expect(result.output.hasPrefix("(no new indexes)\n\nSCAN CONSTANT ROW\n\nRun Time: real "))
  }

  @Test("the advised SQL does not run, and the SQL after it does")
  func adviceDoesNotRun() {
    let result = ShellHarness().run(
      "CREATE TABLE t(a);\n.expert\nINSERT INTO t VALUES(1);\nSELECT count(*) FROM t;\n")
    #expect(result.output == "(no new indexes)\n\n\n0\n")
  }
}
