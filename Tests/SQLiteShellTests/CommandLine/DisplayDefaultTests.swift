import Foundation
import SQLiteShell
import TestSupport
import Testing

/// When the display mode is the default, and litesh's config file.
@Suite("Display mode default and config file")
struct DisplayDefaultTests {
  /// Runs the launcher as a person at a terminal (or a program), with `home` holding
  /// `.sqliterc` and `config` as litesh's config file.
  static func launch(
    _ arguments: [String], input: String, person: Bool = true, home: String,
    config: String? = nil
  ) -> (output: String, errors: String, status: Int32) {
    let output = OutputSink(.memory)
    let errors = OutputSink(.memory)
    var launcher = ShellLauncher(
      arguments: ["litesh"] + arguments, output: output, errors: errors, isTerminal: false,
      homeDirectory: home)
    launcher.audience = SessionAudience(
      kind: person ? .person : .program, readsResultsOnScreen: true)
    launcher.configFilePath = config
    let status = launcher.run(input: LineReader(text: input))
    return (output.capturedText, errors.capturedText, status)
  }

  @Test("a person reading results on a terminal gets the display mode when no mode was chosen")
  func defaultForPerson() throws {
    try ScratchDirectory.with("litesh-display-default") { home in
      #expect(
        Self.launch([], input: "SELECT 1;\n", home: home.root).output.hasPrefix("┌───┐\n│ 1 │"))
      #expect(Self.launch([], input: "SELECT 1;\n", person: false, home: home.root).output == "1\n")
      // SQL given as an argument: the program ends after it, so no `.last` is offered.
      let wide = "SELECT '\(String(repeating: "x", count: 100))' AS v"
      let argument = Self.launch([":memory:", wide], input: "", home: home.root).output
      #expect(argument.hasSuffix("x… │\n└" + String(repeating: "─", count: 78) + "┘\n1 row\n"))
      let typed = Self.launch([], input: wide + ";\n", home: home.root).output
      #expect(typed.hasSuffix("1 row · .last shows all\n"))
    }
  }

  @Test("a mode chosen by an option, -cmd, ~/.sqliterc or the config file wins")
  func chosenModeWins() throws {
    try ScratchDirectory.with("litesh-display-chosen") { home in
      #expect(Self.launch(["-csv"], input: "SELECT 1, 2;\n", home: home.root).output == "1,2\n")
      #expect(
        Self.launch(["-cmd", ".mode list"], input: "SELECT 1, 2;\n", home: home.root).output
          == "1|2\n")
      let config = home.path("config")
      try ".mode list\n".write(toFile: config, atomically: true, encoding: .utf8)
      #expect(
        Self.launch([], input: "SELECT 1, 2;\n", home: home.root, config: config).output == "1|2\n")
      try ".mode tabs\n".write(toFile: home.path(".sqliterc"), atomically: true, encoding: .utf8)
      #expect(Self.launch([], input: "SELECT 1, 2;\n", home: home.root).output == "1\t2\n")
    }
  }

  @Test("the config file is read after ~/.sqliterc, its errors name the file and the line")
  func configFile() throws {
    try ScratchDirectory.with("litesh-config") { home in
      try ".maxrows 5\n".write(toFile: home.path(".sqliterc"), atomically: true, encoding: .utf8)
      let config = home.path("config")
      try ".maxrows 2\n.colr on\nSELECT nosuch;\n".write(
        toFile: config, atomically: true, encoding: .utf8)
      let run = Self.launch(
        [], input: "SELECT value FROM generate_series(1, 10);\n", home: home.root, config: config)
      #expect(run.output.contains("10 rows (2 shown)"))
      #expect(run.errors.contains("\(config):2: Error: unknown command or invalid arguments:"))
      #expect(run.errors.contains("\(config):3: Parse error: no such column: nosuch"))
      #expect(run.status == 0)
      // `-init FILE` replaces ~/.sqliterc, and the config file with it.
      let empty = home.path("empty")
      try "".write(toFile: empty, atomically: true, encoding: .utf8)
      let initRun = Self.launch(
        ["-init", empty], input: "SELECT value FROM generate_series(1, 10);\n", home: home.root,
        config: config)
      #expect(initRun.errors.isEmpty)
      #expect(!initRun.output.contains("(2 shown)"))
    }
  }

  @Test("a config file choosing the display mode changes nothing where results are piped")
  func configDisplayModeInPipe() throws {
    try ScratchDirectory.with("litesh-config-pipe") { home in
      let config = home.path("config")
      try ".mode display\n.maxrows 1\n".write(toFile: config, atomically: true, encoding: .utf8)
      // `.mode` alone reports the mode and re-applies it: list's resets the separator.
      let script = ".separator ,\n.mode\nSELECT 1, 2;\n.show\nSELECT 3 UNION SELECT 4;\n"
      for person in [false, true] {
        var launcher = ShellLauncher(
          arguments: ["litesh", "-batch", ":memory:"], output: OutputSink(.memory),
          errors: OutputSink(.memory), isTerminal: false, homeDirectory: home.root)
        let output = launcher.output
        launcher.audience = SessionAudience(
          kind: person ? .person : .program, readsResultsOnScreen: false)
        launcher.configFilePath = config
        _ = launcher.run(input: LineReader(text: script))
        let reference = try ReferenceHarness.sqlite3Output(
          ReferenceCase(name: "config", setup: "", settings: [], query: script))
        #expect(Array(output.capturedText.utf8) == reference)
      }
    }
  }

  @Test("the config file's place: $XDG_CONFIG_HOME, else $HOME/.config, else the home directory")
  func configPath() {
    #expect(
      ConfigFile.path(
        environment: { ["XDG_CONFIG_HOME": "/x", "HOME": "/h"][$0] }, homeDirectory: "/p")
        == "/x/litesh/config")
    #expect(
      ConfigFile.path(
        environment: { ["XDG_CONFIG_HOME": "rel", "HOME": "/h"][$0] }, homeDirectory: "/p")
        == "/h/.config/litesh/config")
    #expect(
      ConfigFile.path(environment: { _ in nil }, homeDirectory: "/p") == "/p/.config/litesh/config")
    #expect(ConfigFile.path(environment: { _ in nil }, homeDirectory: nil) == nil)
  }
}
