import SQLiteShell
import Synchronization
import Testing

@Suite("Ctrl-C just before a statement starts")
struct InterruptBeforeStartTests {
  @Test("a statement prepared after Ctrl-C does not run and fails as interrupted")
  func interruptsBeforeTheFirstStep() {
    let harness = ShellHarness()
    harness.run("CREATE TABLE t(a);\n")
    let pressed = Atomic<Bool>(true)
    harness.output.isInterrupted = { pressed.load(ordering: .relaxed) }
    let (_, errors) = harness.run("INSERT INTO t VALUES(1); INSERT INTO t VALUES(2);\n")
    #expect(errors.contains("interrupted"))
    pressed.store(false, ordering: .relaxed)
    let (output, _) = harness.run("SELECT count(*) FROM t;\n")
    #expect(output.hasSuffix("0\n"))
  }

  @Test("without a Ctrl-C the same statements run")
  func runsWithoutInterrupt() {
    let harness = ShellHarness()
    harness.output.isInterrupted = { false }
    let (output, errors) = harness.run(
      "CREATE TABLE t(a);\nINSERT INTO t VALUES(1); INSERT INTO t VALUES(2);\n"
        + "SELECT count(*) FROM t;\n")
    #expect(errors.isEmpty)
    #expect(output == "2\n")
  }
}
