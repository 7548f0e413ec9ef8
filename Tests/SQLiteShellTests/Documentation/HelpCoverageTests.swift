import SQLiteShell
import Testing

@Suite("Help texts")
struct HelpCoverageTests {
  @Test(".help -all shows every command litesh runs, litesh's own after a heading")
  func dotHelp() throws {
    let (output, _) = ShellHarness().run(".help -all\n")
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let heading = try #require(lines.firstIndex(of: DotCommandRegistry.ownCommandsHeading))
    for command in DotCommandRegistry.standard.implemented {
      // Only an alias sqlite3 hides too (`.indices`) may go without help; litesh's own may not.
      #expect(
        !command.help.isEmpty || command.origin == .sqlite3, ".\(command.name) has no help text")
      if command.help.isEmpty { continue }
      let index = try #require(
        lines.firstIndex { $0.hasPrefix(command.usage) },
        ".help -all does not list .\(command.name)")
      #expect(
        (index > heading) == (command.origin == .litesh), "\(command.name) in the wrong group")
    }
  }

  @Test("-help lists every listed option, litesh's own after a heading")
  func optionHelp() throws {
    let lines = CommandLineOption.usage(program: "litesh").split(separator: "\n").map(String.init)
    let heading = try #require(lines.firstIndex(of: CommandLineOption.ownOptionsHeading))
    for option in CommandLineOption.table where option.isListed {
      let index = try #require(lines.firstIndex(of: option.helpLine), "-help lacks \(option.name)")
      #expect((index > heading) == (option.origin == .litesh), "\(option.name) in the wrong group")
    }
  }
}
