import SQLiteShell
import Testing

@Suite("CompletionScript")
struct CompletionScriptTests {
  @Test(
    "the committed completion scripts are what the option table produces now",
    arguments: [
      (CompletionScript.Kind.bash, "completions/litesh.bash"),
      (.zsh, "completions/_litesh"), (.fish, "completions/litesh.fish"),
    ])
  func committed(_ kind: CompletionScript.Kind, _ path: String) throws {
    #expect(
      try RepositoryFile.text(path) == CompletionScript(kind).text,
      "\(path) is out of date: run `make completions` and commit the result")
  }

  @Test(
    "every option is offered, in its documented spelling", arguments: CompletionScript.Kind.allCases
  )
  func everyOption(_ kind: CompletionScript.Kind) {
    let text = CompletionScript(kind).text
    for option in CommandLineOption.table {
      let offered =
        switch kind {
        case .bash:
          text.contains(" \(option.spelling) ") || text.contains("'\(option.spelling) ")
            || text.contains(" \(option.spelling)'")
        case .zsh: text.contains("'\(option.spelling)[")
        case .fish:
          text.contains(option.origin == .litesh ? "-l \(option.name) " : "-o \(option.name) ")
        }
      #expect(offered, "\(kind) script lacks \(option.spelling)")
    }
  }

  @Test("--completions prints the script and rejects unknown shells")
  func launcher() {
    let bash = ShellHarness.launch(["--completions", "bash"])
    #expect(bash.output == CompletionScript(.bash).text)
    #expect(bash.status == 0)
    let unknown = ShellHarness.launch(["--completions", "tcsh"])
    #expect(
      unknown.errors == "litesh: Error: no completion script for \"tcsh\" (try bash, zsh, fish)\n")
    #expect(unknown.status == 1)
  }
}
