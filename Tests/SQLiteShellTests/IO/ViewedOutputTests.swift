import Testing

@testable import SQLiteShell

@Suite("ViewedOutput")
struct ViewedOutputTests {
  @Test("the temporary name is the VFS's with the suffix, else temp<hex> in a directory")
  func temporaryPath() {
    #expect(
      ViewedOutput.temporaryPath(vfsName: "/var/tmp/etilqs_ab", suffix: "csv", random: 1)
        == "/var/tmp/etilqs_ab.csv")
    let fallback = ViewedOutput.temporaryPath(vfsName: nil, suffix: "txt", random: 0xbeef)
    #expect(fallback.hasSuffix("/tempbeef.txt"))
  }

  @Test("-e and -x files have the suffixes sqlite3 gives them")
  func suffixes() {
    #expect(ViewedOutput.Kind.text.suffix == "txt")
    #expect(ViewedOutput.Kind.spreadsheet.suffix == "csv")
  }

  @Test("usage errors leave the output, mode and settings as they were")
  func usageErrors() {
    let harness = ShellHarness()
    let (output, errors) = harness.run(
      ".mode box\n.excel x\n.once -e file\n.output -x a\n.mode\n")
    #expect(errors.isEmpty)
    #expect(output.hasPrefix("ERROR: extra parameter: \"x\".  Usage:\n.excel "))
    #expect(output.hasSuffix("current output mode: box --wrap 60 --wordwrap off --noquote\n"))
    #expect(harness.shell.redirection.viewed.path == nil)
  }
}
