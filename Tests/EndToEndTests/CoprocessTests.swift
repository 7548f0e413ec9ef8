import Testing

/// Another program drives the shell through pipes: each answer must arrive before the next
/// statement is written, as with sqlite3.
@Suite("Coprocess")
struct CoprocessTests {
  @Test("each statement is answered before more input arrives", arguments: ["sqlite3", "litesh"])
  func answersEachStatement(_ name: String) throws {
    let program = name == "sqlite3" ? "/usr/bin/sqlite3" : Binary.litesh
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
}
