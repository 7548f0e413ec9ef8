import SQLiteShell
import Testing

@Suite("DotCommandArguments")
struct DotCommandArgumentsTests {
  @Test("splits on white space and groups quotes")
  func split() {
    #expect(DotCommandArguments.split(".print a  'b c' \"d e\"") == ["print", "a", "b c", "d e"])
    #expect(DotCommandArguments.split(".print \"open") == ["print", "open"])
  }

  @Test("resolves escapes except in single quotes")
  func escapes() {
    #expect(
      DotCommandArguments.split(".x a\\tb \"c\\nd\" 'e\\tf' \\101") == [
        "x", "a\tb", "c\nd", "e\\tf", "A",
      ])
  }

  @Test("reads integers with hex and size suffixes")
  func integers() {
    #expect(DotCommandArguments.integer("42") == 42)
    #expect(DotCommandArguments.integer("-0x10") == -16)
    #expect(DotCommandArguments.integer("3k") == 3000)
    #expect(DotCommandArguments.integer("2KiB") == 2048)
    #expect(DotCommandArguments.integer("abc") == 0)
  }

  @Test("reads booleans and warns about anything else")
  func booleans() {
    let errors = OutputSink(.memory)
    #expect(DotCommandArguments.boolean("ON", errors: errors))
    #expect(DotCommandArguments.boolean("yes", errors: errors))
    #expect(DotCommandArguments.boolean("0x1", errors: errors))
    #expect(!DotCommandArguments.boolean("0", errors: errors))
    #expect(!DotCommandArguments.boolean("maybe", errors: errors))
    #expect(errors.capturedText == "ERROR: Not a boolean value: \"maybe\". Assuming \"no\".\n")
  }
}
