import SQLiteCore
import SQLiteShell
import Testing

/// `.mode` as a style change: descriptions, separators, header rule, errors.
@Suite("OutputStyle .mode command")
struct OutputStyleModeTests {
  static let describedSettings: [[String]] = [
    [], [".mode column"], [".mode box --wrap 5 --ww"], [".mode qbox"], [".mode tabs"],
    [".mode markdown --wordwrap on --quote"], [".mode table --wrap 0x10"],
    [".mode insert t"], [".mode csv"], [".mode l"], [".mode co"], [".mode tab"],
    [".mode box --wordwrap 2"], [".mode column --wrap 2K"], [".mode json"],
    [".mode qbox --noquote"],
  ]

  @Test("describes the mode as sqlite3 does", arguments: describedSettings)
  func describes(_ settings: [String]) throws {
    let probe = ReferenceCase(
      name: "describe", setup: "", settings: settings + [".mode"], query: "")
    let expected = String(decoding: try ReferenceHarness.sqlite3Output(probe), as: UTF8.self)
    var style = OutputStyle()
    for line in settings { ReferenceHarness.apply(line, to: &style) }
    let outcome = style.applyModeCommand([])
    #expect(outcome.output == expected)
    #expect(!outcome.failed)
  }

  @Test("re-applying the mode without arguments resets the separators")
  func reappliesMode() {
    var style = OutputStyle()
    style.columnSeparator = ";"
    style.rowSeparator = "#"
    _ = style.applyModeCommand([])
    #expect(style.columnSeparator == "|")
    #expect(style.rowSeparator == "\n")
  }

  @Test("column mode turns headers on unless they were set explicitly")
  func headerRule() {
    var style = OutputStyle()
    _ = style.applyModeCommand(["column"])
    #expect(style.showHeaders)
    var explicit = OutputStyle()
    explicit.headersSetExplicitly = true
    _ = explicit.applyModeCommand(["column"])
    #expect(!explicit.showHeaders)
  }

  @Test("an unknown mode fails with sqlite3's message and keeps the style")
  func unknownMode() {
    var style = OutputStyle()
    let outcome = style.applyModeCommand(["bogus"])
    #expect(outcome.failed)
    #expect(
      outcome.errors
        == "Error: mode should be one of: ascii box column csv html insert json line list "
        + "markdown qbox quote table tabs tcl\n")
    #expect(style == OutputStyle())
  }

  @Test("extra arguments and unknown options fail")
  func extraArguments() {
    var style = OutputStyle()
    #expect(style.applyModeCommand(["insert", "t", "u"]).errors == "extra argument: \"u\"\n")
    let unknown = style.applyModeCommand(["box", "x", "--bogus"])
    #expect(unknown.failed)
    #expect(unknown.errors.hasPrefix("unknown option: --bogus\noptions:\n"))
  }

  @Test("a non-boolean --wordwrap warns and means off")
  func wordWrapWarning() {
    var style = OutputStyle()
    let outcome = style.applyModeCommand(["box", "--wordwrap", "maybe"])
    #expect(outcome.errors == "ERROR: Not a boolean value: \"maybe\". Assuming \"no\".\n")
    #expect(!outcome.failed)
    #expect(!style.wordWrap)
  }

  @Test("qbox is box with quoting and a 60-character wrap")
  func qbox() {
    var style = OutputStyle()
    _ = style.applyModeCommand(["qbox"])
    #expect(style.mode == .box)
    #expect(style.quoteValues)
    #expect(style.wrapWidth == 60)
  }
}
