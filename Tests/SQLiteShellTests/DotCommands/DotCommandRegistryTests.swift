import SQLiteShell
import Testing

@Suite("DotCommandRegistry")
struct DotCommandRegistryTests {
  let registry = DotCommandRegistry.standard

  @Test(
    "resolves abbreviations in sqlite3's order",
    arguments: [
      ("e", "echo"), ("ex", "exit"), ("exp", "explain"), ("h", "headers"), ("hel", "help"),
      ("mo", "mode"), ("o", "once"), ("ou", "output"), ("p", "prompt"), ("pri", "print"),
      ("se", "separator"), ("sho", "show"), ("t", "trace"), ("timeo", "timeout"),
      ("limit", "limits"), ("n", "nullvalue"), ("rea", "read"), ("bai", "bail"),
      ("s", "scanstats"), ("pro", "progress"), ("nonce", "nonce"), ("dbc", "dbconfig"),
      ("a", "auth"), ("ar", "archive"), ("i", "import"), ("par", "parameter"), ("v", "version"),
      ("ve", "version"), ("vf", "vfsinfo"), ("vfsn", "vfsname"), ("w", "wheretrace"),
      ("wh", "wheretrace"), ("wi", "width"),
      ("c", "clone"), ("che", "check"), ("testcase", "testcase"),
      ("impo", "import"), ("impos", "imposter"), ("self", "selftest"), ("testctrl", "testctrl"),
      ("r", "recover"), ("re", "recover"), ("rec", "recover"), ("res", "restore"),
    ])
  func resolves(_ typed: String, _ name: String) {
    #expect(registry.resolve(typed)?.name == name)
  }

  @Test(
    "offers the nearest commands for a misspelling, and none when nothing is near",
    arguments: [
      ("tabels", ["tables"]), ("descrbe", ["describe"]), ("shema", ["schema"]),
      ("TABLES", ["tables"]), ("qit", ["quit"]), ("frobnicate", []), ("zz", []), ("xyz", []),
    ])
  func closest(_ typed: String, _ expected: [String]) {
    #expect(registry.closestCommands(to: typed) == expected)
  }

  @Test(
    "leaves prefixes sqlite3 rejects or gives to other commands unrun",
    arguments: [
      "ti", "b", "ch", "li", "testc", "testcas", "testctr", "sel", "no", "nonc", "pa", "tree",
      "selecttr",
    ])
  func rejects(_ typed: String) {
    #expect(registry.resolve(typed)?.handler == nil)
  }

  @Test("lists one help line per implemented command, sorted, litesh's own after a heading")
  func helpLines() throws {
    let lines = registry.help(matching: nil)
    let heading = try #require(lines.firstIndex(of: DotCommandRegistry.ownCommandsHeading))
    let shared = lines[..<(heading - 1)]
    let own = lines[(heading + 1)...]
    #expect(lines[heading - 1] == "")
    // `.indices` has no line, as in sqlite3's .help.
    #expect(
      shared.count
        == registry.implemented.filter { $0.origin == .sqlite3 && !$0.help.isEmpty }.count)
    #expect(own.count == registry.implemented.filter { $0.origin == .litesh }.count)
    #expect(Array(shared) == shared.sorted() && Array(own) == own.sorted())
    #expect(shared.contains(".headers on|off          Turn display of headers on or off"))
    #expect(own.contains { $0.hasPrefix(".pager ") })
  }

  @Test("shows details when a pattern matches one command")
  func helpDetails() {
    let lines = registry.help(matching: "once")
    #expect(lines.first == ".once ?OPTIONS? ?FILE?   Output for the next SQL command only to FILE")
    #expect(lines.count == 5)
    #expect(registry.help(matching: "zzz").isEmpty)
  }

  @Test("prints a command's help once when the pattern is on several of its lines")
  func helpSearchPrintsEachBlockOnce() throws {
    // `csv` is on several lines of `.import`'s help: sqlite3 prints the block once and searches
    // on after it.
    let importHelp = try #require(registry.resolve("import")).help
    let lines = registry.help(matching: "csv")
    #expect(lines.filter { $0 == importHelp.first }.count == 1)
    #expect(lines.filter { $0 == importHelp.last }.count == 1)
  }

  @Test("splits usage and summary")
  func usage() throws {
    let command = try #require(registry.resolve("headers"))
    #expect(command.usage == ".headers on|off")
    #expect(command.summary == "Turn display of headers on or off")
  }

  @Test("splits usage and summary where the usage runs past column 25")
  func longUsage() throws {
    let command = try #require(registry.resolve("watch"))
    #expect(command.usage == ".watch ?OPTIONS? ?SECONDS? ?SQL?")
    #expect(command.summary == "Run read-only SQL again every SECONDS")
  }

  @Test("lists each declaration once, so every typed name has one meaning")
  func namesOnce() {
    let names = registry.commands.map(\.name)
    #expect(Set(names).count == names.count)
  }
}
