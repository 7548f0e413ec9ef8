import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Another program drives the shell through pipes: each answer must arrive before the next
/// statement is written, as with sqlite3.
@Suite("Coprocess")
struct CoprocessTests {
  @Test("each statement is answered before more input arrives", arguments: ["sqlite3", "litesh"])
  func answersEachStatement(_ name: String) throws {
    let program = name == "sqlite3" ? Binary.sqlite3 : Binary.litesh
    let shell = try Coprocess(program, [":memory:"])
    shell.send("SELECT 1 + 1;\n.print @@1\n")
    #expect(try shell.read(until: "@@1\n") == "2\n")
    shell.send("SELECT nosuch;\n.print @@2\n")
    #expect(try shell.read(until: "@@2\n") == "")
    #expect(shell.availableErrors().contains("no such column: nosuch"))
    shell.send("SELECT 'x' || 'y';\n")
    #expect(try shell.read(until: "xy\n") == "")
    let end = try shell.finish()
    #expect(end.status == 1)
  }

  /// The second row reads a FIFO, so the statement cannot end before the test opens it: the
  /// first row can only arrive early if it is written while the statement is still running.
  ///
  /// sqlite3 does this only on a terminal (its stdout is block-buffered on a pipe), so this is
  /// litesh's own behaviour.
  @Test("a row is written while its statement still runs")
  func streamsRows() throws {
    let program = Binary.litesh
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "litesh-stream-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("gate").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let shell = try Coprocess(program, [":memory:"], directory: directory.path)
    shell.send(
      "CREATE TABLE gate(name);\nINSERT INTO gate VALUES('gate');\n"
        + "SELECT 'first' UNION ALL SELECT 'second' FROM gate WHERE readfile(name) IS NOT NULL;\n.print @@done\n"
    )
    #expect(try shell.read(until: "first\n") == "")
    // Still blocked in readfile: open the FIFO's other end and close it to let it finish.
    // Nothing is written: readfile may close its end as soon as the open returns, and a write
    // then would raise SIGPIPE in the test process.
    let gate = open(fifo, O_WRONLY)
    #expect(gate >= 0)
    close(gate)
    #expect(try shell.read(until: "@@done\n") == "second\n")
    #expect(try shell.finish().status == 0)
  }
}
