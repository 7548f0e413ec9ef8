import Foundation
import TestSupport
import Testing

@Suite("EditFunction")
struct EditFunctionTests {
  /// Writes an editor script that applies `command` to its file argument; returns its command.
  private func editor(in directory: ScratchDirectory, _ command: String) throws -> String {
    let path = directory.path("editor.sh")
    try "#!/bin/sh\n\(command)\n".write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    // Run through sh, not exec'd: a child forked meanwhile by a parallel test can still hold
    // the script open for writing, and exec would then fail with "Text file busy".
    return "sh " + path
  }

  @Test("edit() returns what the editor left in the file, as sqlite3 does")
  func editsText() throws {
    let directory = try ScratchDirectory("litesh-functions")
    let script = try editor(in: directory, #"sed -i 's/hello/bye/' "$1"; printf '!' >> "$1""#)
    for sql in [
      "SELECT edit('hello world', '\(script)'), typeof(edit('x', '\(script)'))",
      "SELECT hex(edit(x'68656c6c6f00ff', '\(script)')), typeof(edit(x'00', '\(script)'))",
      "SELECT edit(12, '\(script)')",
      "SELECT edit(NULL, '\(script)')",
      "SELECT edit('x', 'false')",
      "SELECT edit('x', 'true')",
    ] {
      try expectSameAsSQLite3(sql)
    }
  }

  @Test("edit() uses $VISUAL or $EDITOR when no editor is given")
  func usesEnvironment() throws {
    let directory = try ScratchDirectory("litesh-functions")
    let script = try editor(in: directory, #"printf 'from env' > "$1""#)
    let sqlite3 = try Reference.sqlite3("SELECT edit('x')", environment: ["VISUAL": script])
    #expect(sqlite3 == "from env\n")
    // The built litesh with VISUAL in its own environment: setting it in this process would
    // race with every other test that starts a program.
    let litesh = try Reference.run(
      Binary.litesh, ["-batch", ":memory:", "SELECT edit('x')"],
      environment: ["VISUAL": script])
    #expect(litesh == sqlite3)
  }
}
