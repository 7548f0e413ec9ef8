import Foundation
import TestSupport
import Testing

/// The man page and the completion scripts, checked by the tools that read them: mandoc, bash,
/// zsh and fish (`scripts/setup.sh --test` installs them).
@Suite("Documentation tools")
struct DocumentationToolsTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// Runs `program` with `arguments` through the compatibility harness (empty HOME, scratch
  /// directory) and returns its standard output as text.
  private func run(_ program: String, _ arguments: [String]) throws -> (
    output: String, errors: String, status: Int32
  ) {
    let run = try CompatibilityTests.run(program, CompatibilityCase(program, arguments))
    return (String(decoding: run.output, as: UTF8.self), run.errors, run.status)
  }

  @Test("mandoc -T lint finds nothing to say about the man page")
  func manualPageLint() throws {
    let result = try run("/usr/bin/mandoc", ["-T", "lint", Self.root + "/man/litesh.1"])
    #expect(result.status == 0)
    #expect(result.output.isEmpty)
    // Debian's mandoc, having no mandoc.db, says so for every `.Xr` it resolves: a fact about
    // the machine's manual database, not about the page.
    for line in result.errors.split(separator: "\n") {
      #expect(line.contains("outdated mandoc.db lacks"), "mandoc: \(line)")
    }
  }

  @Test(
    "the binary prints the committed completion scripts",
    arguments: [("bash", "litesh.bash"), ("zsh", "_litesh"), ("fish", "litesh.fish")])
  func binaryScripts(_ shell: String, _ file: String) throws {
    let committed = try String(contentsOfFile: Self.root + "/completions/" + file, encoding: .utf8)
    let result = try run(Binary.litesh, ["--completions", shell])
    #expect(result.status == 0)
    #expect(
      result.output == committed, "completions/\(file) is out of date: run `make completions`")
  }

  @Test("bash registers the completion and offers -csv for `litesh -cs`")
  func bash() throws {
    let script = """
      source '\(Self.root)/completions/litesh.bash'
      complete -p litesh
      COMP_WORDS=(litesh -cs); COMP_CWORD=1; COMP_LINE='litesh -cs'; COMP_POINT=10
      _litesh litesh -cs litesh
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try run("/bin/bash", ["--norc", "-c", script])
    #expect(result.output == "complete -F _litesh litesh\n-csv\n", "\(result.errors)")
  }

  @Test("zsh loads _litesh through compinit")
  func zsh() throws {
    let script = """
      fpath=('\(Self.root)/completions' $fpath)
      autoload -U compinit && compinit -u -D
      print -r -- $_comps[litesh]
      autoload +X _litesh && print loaded
      """
    let result = try run("/usr/bin/zsh", ["-f", "-c", script])
    #expect(result.output == "_litesh\nloaded\n", "\(result.errors)")
  }

  @Test("fish accepts the script and offers -csv for `litesh -cs`")
  func fish() throws {
    let file = Self.root + "/completions/litesh.fish"
    let syntax = try run("/usr/bin/fish", ["--no-config", "-n", file])
    #expect(syntax.status == 0, "\(syntax.errors)")
    let result = try run(
      "/usr/bin/fish", ["--no-config", "-c", "source '\(file)'; complete -C 'litesh -cs'"])
    #expect(
      result.output.split(separator: "\n").contains { $0.hasPrefix("-csv\t") }, "\(result.output)")
  }
}
