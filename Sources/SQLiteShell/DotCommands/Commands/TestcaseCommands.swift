import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let check = DotCommand(
    "check", minimumPrefix: 3, handler: TestcaseCommands.check,
    help: """
      .check GLOB              Fail if output since .testcase does not match
      """)
  static let testcase = DotCommand(
    "testcase", minimumPrefix: 8, handler: TestcaseCommands.testcase,
    help: """
      .testcase NAME           Begin redirecting output to 'testcase-out.txt'
      """)
}

/// `.testcase NAME` and `.check GLOB`, with which sqlite3's own scripts test it.
///
/// The output after `.testcase` goes to `testcase-out.txt`; `.check` compares it with a
/// ``TestcaseGlob``.
enum TestcaseCommands {
  /// The file `.testcase` writes and `.check` reads, in the working directory.
  static let outputFile = "testcase-out.txt"

  /// `.testcase ?NAME?`: output to `testcase-out.txt` from now on, under NAME (at most 29
  /// bytes, as sqlite3 keeps it; `?` without one).
  static let testcase: DotCommand.Handler = { shell, arguments in
    shell.resetOutput()
    shell.input.testcaseName =
      arguments.isEmpty
      ? SQLText("?") : SQLText(bytes: shell.argumentText(0, of: arguments).bytes.prefix(29))
    guard let sink = OutputCommands.openFile(outputFile, shell: shell) else {
      // sqlite3 then writes to a closed stream and crashes; the output stays on stdout here.
      shell.errors.write("Error: cannot open '\(outputFile)'\n")
      return .failure
    }
    shell.output = sink
    return .success
  }

  /// `.check GLOB`: `testcase-NAME ok` when the output since `.testcase` matches, or the
  /// pattern and the output on stderr; a missing argument or an empty or unreadable output
  /// ends the input, as sqlite3's status 2 does.
  static let check: DotCommand.Handler = { shell, arguments in
    shell.resetOutput()
    guard arguments.count == 1 else {
      // sqlite3's own usage text, not its help line (`.check GLOB`).
      shell.errors.write("Usage: .check GLOB-PATTERN\n")
      return .quit
    }
    // sqlite3 reads the file into a C string: an empty file is an error, a NUL ends the text.
    guard let contents = FileContents.read(outputFile), !contents.isEmpty else {
      shell.errors.write("Error: cannot read '\(outputFile)'\n")
      return .quit
    }
    let text = contents.prefix { $0 != 0 }
    let pattern = shell.argumentText(0, of: arguments)
    let name = shell.input.testcaseName
    if TestcaseGlob(pattern.bytes).matches(text) {
      shell.output.write("testcase-")
      shell.output.write(name)
      shell.output.write(" ok\n")
      return .success
    }
    shell.output.flush()
    shell.errors.write("testcase-")
    shell.errors.write(name)
    shell.errors.write(" FAILED\n Expected: [")
    shell.errors.write(pattern)
    shell.errors.write("]\n      Got: [")
    shell.errors.write(SQLText(bytes: Array(text)))
    shell.errors.write("]\n")
    return .failure
  }
}
