import SQLiteShell
import Testing

@Suite("Manual page")
struct ManualPageTests {
  let page: [Substring]

  init() throws {
    page = try RepositoryFile.text("man/litesh.1").split(separator: "\n")
  }

  /// The index of the list item starting with `macro` then `word` (`.It Ic .mode ...`).
  private func item(_ macro: String, _ word: String) -> Int? {
    let item = ".It \(macro) \(word)"
    return page.firstIndex { $0 == item || $0.hasPrefix(item + " ") }
  }

  /// A command as `.help` spells it (`.limit`, though the registry's name is `limits`).
  private func spelling(_ command: DotCommand) -> String {
    String(command.usage.prefix { $0 != " " })
  }

  @Test("documents every dot-command litesh runs")
  func everyDotCommand() {
    for command in DotCommandRegistry.standard.implemented {
      let name = spelling(command)
      if command.help.isEmpty {
        // An alias sqlite3's .help does not show either (`.indices`): named in the text.
        #expect(page.contains { $0.contains("Ic \(name)") }, "man/litesh.1 never names \(name)")
      } else {
        #expect(item("Ic", name) != nil, "man/litesh.1 has no `.It Ic \(name)`")
      }
    }
  }

  @Test("documents every command-line option in its documented spelling")
  func everyOption() {
    for option in CommandLineOption.table {
      // mdoc's `Fl` adds one dash: `Fl csv` is -csv, `Fl -readers` is --readers.
      #expect(
        item("Fl", String(option.spelling.dropFirst())) != nil,
        "man/litesh.1 has no `.It Fl \(option.spelling.dropFirst())`")
    }
  }

  @Test("lists litesh's own dot-commands under their own heading, as .help groups them")
  func ownCommandsApart() throws {
    let heading = try #require(page.firstIndex(of: ".Ss litesh's own commands"))
    for command in DotCommandRegistry.standard.implemented where !command.help.isEmpty {
      let index = try #require(item("Ic", spelling(command)))
      #expect(
        (index > heading) == (command.origin == .litesh), "\(command.name) in the wrong group")
    }
  }
}
