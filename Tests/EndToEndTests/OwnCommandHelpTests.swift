import TestSupport
import Testing

/// litesh's own dot-commands answer `--help`, and their errors name no line when no script line
/// holds them (arguments, `-cmd`).
@Suite("litesh's own commands: --help, and errors outside a script")
struct OwnCommandHelpTests {
  @Test(
    "--help, -help and -h print the command's .help text and do nothing else",
    arguments: [
      "begin", "commit", "rollback", "savepoint", "release", "readers", "bench", "maxrows",
      "last", "describe", "watch", "color", "pager", "edit",
    ])
  func help(command: String) throws {
    let expected = try ProgramRun.run(Binary.litesh, [":memory:", ".help \(command)"])
    #expect(expected.status == 0)
    #expect(expected.outputText.hasPrefix(".\(command) "))
    for word in ["--help", "-help", "-h"] {
      let run = try ProgramRun.run(Binary.litesh, [":memory:", ".\(command) \(word)"])
      #expect(run.outputText == expected.outputText, "\(command) \(word)")
      // No savepoint named "--help" was opened, no editor started, no error.
      #expect(run.errors == "", "\(command) \(word)")
      #expect(run.status == 0, "\(command) \(word)")
    }
  }

  @Test("sqlite3's commands keep sqlite3's answer to --help")
  func sqlite3Commands() throws {
    for line in [".tables --help", ".schema --help", ".mode --help"] {
      let litesh = try ProgramRun.run(Binary.litesh, [":memory:", line])
      let sqlite3 = try ProgramRun.run(Binary.sqlite3, [":memory:", line])
      #expect(litesh == sqlite3, "\(line)")
    }
  }

  @Test(
    "an error in an argument or -cmd names no line; one in a script names its line",
    arguments: [
      ([":memory:", ".commit"], "Error: .commit: no transaction is open\n", Int32(1)),
      (
        [":memory:", ".begin", ".begin"],
        "Error: .begin: a transaction is already open; .commit or .rollback it first,"
          + " or nest with .savepoint\n", Int32(1)
      ),
      (
        ["-cmd", ".release a", ":memory:", "SELECT 1"],
        "Error: .release: no transaction is open\n", Int32(0)
      ),
    ] as [([String], String, Int32)])
  func errorsOutsideAScript(arguments: [String], message: String, status: Int32) throws {
    let run = try ProgramRun.run(Binary.litesh, arguments)
    #expect(run.errors.hasPrefix(message))
    #expect(run.status == status)
    let script = try ProgramRun.run(
      Binary.litesh, [":memory:"], input: Array("SELECT 1;\n.commit\n".utf8))
    #expect(script.errors == "Error near line 2: .commit: no transaction is open\n")
    #expect(script.status == 1)
  }
}
