import Glibc
import SQLiteCore
import SQLiteShell
import TestSupport
import Testing

@Suite("CompletionEngine+DotCommands")
struct DotCommandCompletionTests {
  let connection: Connection
  let engine = CompletionEngine(dotCommandNames: [
    "headers", "help", "import", "mode", "open", "parameter", "quit", "read", "schema",
  ])

  init() throws {
    connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE people(id, name)")
  }

  func candidates(_ line: String, pending: String = "") -> [String] {
    engine.complete(line: line, pending: pending, connection: connection).candidates
  }

  @Test("completes dot-command names at the start of a line")
  func names() {
    #expect(candidates(".he") == [".headers", ".help"])
    #expect(candidates(".q") == [".quit"])
    #expect(candidates(".").count == 9)
  }

  @Test("does not treat a dot inside a pending statement as a command")
  func notInsideStatement() {
    #expect(candidates(".he", pending: "SELECT 1") == [])
  }

  @Test("completes mode names, on/off and subcommands")
  func choices() {
    #expect(candidates(".mode bo") == ["box"])
    #expect(candidates(".mode ").contains("json"))
    #expect(candidates(".headers o") == ["on", "off"])
    #expect(candidates(".parameter s") == ["set"])
    #expect(candidates(".help mo") == ["mode"])
  }

  @Test("completes .session subcommands, then a file name, and .connection's close")
  func sessionAndConnection() {
    let engine = CompletionEngine(dotCommandNames: ["connection", "session"])
    func candidates(_ line: String) -> [String] {
      engine.complete(line: line, pending: "", connection: connection).candidates
    }
    #expect(candidates(".session ch") == ["changeset"])
    #expect(candidates(".session i") == ["indirect", "isempty"])
    #expect(candidates(".connection c") == ["close"])
  }

  @Test("resolves an abbreviated command before completing its argument")
  func abbreviated() {
    #expect(candidates(".mo lis") == ["list"])
  }

  @Test("completes table names for .schema and the second argument of .import")
  func tables() {
    #expect(candidates(".schema pe") == ["people"])
    #expect(candidates(".import data.csv pe") == ["people"])
  }

  @Test("completes file names for .open and .read, with directories ending in a slash")
  func fileNames() throws {
    let scratch = try ScratchDirectory("litesh-completion")
    defer { scratch.remove() }
    let directory = scratch.root
    mkdir(directory + "/apps", 0o755)
    for name in ["app.db", "apps/inner.sql", "notes.txt"] {
      close(open(directory + "/" + name, O_CREAT | O_WRONLY, 0o644))
    }
    let result = engine.complete(line: ".open \(directory)/ap", connection: connection)
    #expect(result.word == "ap")
    #expect(result.candidates == ["app.db", "apps/"])
    #expect(candidates(".read \(directory)/apps/") == ["inner.sql"])
    #expect(candidates(".read \(directory)/no") == ["notes.txt"])
  }
}
