import SQLiteShell
import Testing

@Suite("Who is at the keyboard: one rule")
struct SessionAudienceTests {
  private func decide(
    input: Bool = true, output: Bool = true, _ variables: [String: String]
  ) -> SessionAudience {
    SessionAudience.decide(inputIsTerminal: input, outputIsTerminal: output) { variables[$0] }
  }

  @Test("a real terminal is a person, whose results are on screen")
  func person() {
    let audience = decide(["TERM": "xterm-256color"])
    #expect(audience.isPerson)
    #expect(audience.readsResultsOnScreen)
    #expect(!decide(output: false, ["TERM": "xterm"]).readsResultsOnScreen)
  }

  @Test("a pipe, TERM=dumb or no TERM is a program; INSIDE_EMACS alone is not")
  func program() {
    #expect(decide(input: false, ["TERM": "xterm"]).kind == .program)
    #expect(decide(["TERM": "dumb"]).kind == .program)
    #expect(decide([:]).kind == .program)
    #expect(decide(["TERM": ""]).kind == .program)
    #expect(decide(["TERM": "xterm", "INSIDE_EMACS": "29.1,vterm"]).isPerson)
    #expect(!decide(["TERM": "dumb"]).readsResultsOnScreen)
  }

  @Test("LITESH_AUDIENCE overrides the rule both ways; other values are ignored")
  func override() {
    #expect(decide(["TERM": "dumb", "LITESH_AUDIENCE": "person"]).isPerson)
    #expect(decide(["TERM": "xterm", "LITESH_AUDIENCE": "program"]).kind == .program)
    #expect(decide(input: false, ["LITESH_AUDIENCE": "person"]).isPerson)
    #expect(decide(["TERM": "xterm", "LITESH_AUDIENCE": "yes"]).isPerson)
    #expect(decide(["TERM": "xterm", "LITESH_AUDIENCE": "Program"]).kind == .program)
  }

  @Test("a LITESH_AUDIENCE naming no kind is told back, to be warned of")
  func unrecognized() {
    func value(_ environment: [String: String]) -> String? {
      SessionAudience.unrecognizedOverride { environment[$0] }
    }
    #expect(value(["LITESH_AUDIENCE": "bogus"]) == "bogus")
    #expect(value(["LITESH_AUDIENCE": "PERSON"]) == nil)
    #expect(value(["LITESH_AUDIENCE": ""]) == nil)
    #expect(value([:]) == nil)
  }

  @Test("a program starts with sqlite3's prompt, a person with litesh's")
  func prompts() throws {
    #expect(decide(["TERM": "dumb"]).mainPrompt == "sqlite> ")
    #expect(decide(["TERM": "xterm"]).mainPrompt == "litesh> ")
    for audience in [decide(["TERM": "dumb"]), decide(["TERM": "xterm"])] {
      var launcher = ShellLauncher(
        arguments: ["litesh", ":memory:"], output: OutputSink(.memory),
        errors: OutputSink(.memory), isTerminal: true, homeDirectory: nil)
      launcher.audience = audience
      guard case .readInput(let shell) = launcher.start() else {
        Issue.record("the launcher did not reach its input")
        return
      }
      #expect(shell.mainPrompt == audience.mainPrompt)
      #expect(shell.continuationPrompt == "   ...> ")
      shell.close()
    }
  }
}
