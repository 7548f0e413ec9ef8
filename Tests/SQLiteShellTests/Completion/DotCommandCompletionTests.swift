import Glibc
import SQLiteCore
import SQLiteShell
import TestSupport
import Testing

@Suite("CompletionEngine+DotCommands")
struct DotCommandCompletionTests {
  let connection: Connection
  let engine = CompletionEngine(dotCommandNames: [
    "begin", "describe", "headers", "help", "import", "mode", "open", "parameter", "quit", "read",
    "schema",
  ])

  init() throws {
    connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE people(id, name)")
  }

  func candidates(_ line: String, pending: String = "") -> [String] {
    engine.complete(line: line, pending: pending, connection: connection).candidates
  }

  /// A scratch directory holding empty files at these relative paths (and their folders).
  static func scratch(holding files: [String]) throws -> ScratchDirectory {
    let scratch = try ScratchDirectory("litesh-completion")
    for name in files {
      if let slash = name.lastIndex(of: "/") { mkdir(scratch.root + "/" + name[..<slash], 0o755) }
      close(open(scratch.root + "/" + name, O_CREAT | O_WRONLY, 0o644))
    }
    return scratch
  }

  @Test("completes dot-command names at the start of a line")
  func names() {
    #expect(candidates(".he") == [".headers", ".help"])
    #expect(candidates(".q") == [".quit"])
    #expect(candidates(".").count == 11)
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
    let scratch = try Self.scratch(holding: ["app.db", "apps/inner.sql", "notes.txt"])
    defer { scratch.remove() }
    let directory = scratch.root
    let result = engine.complete(line: ".open \(directory)/ap", connection: connection)
    #expect(result.word == "ap")
    #expect(result.candidates == ["app.db", "apps/"])
    #expect(candidates(".read \(directory)/apps/") == ["inner.sql"])
    #expect(candidates(".read \(directory)/no") == ["notes.txt"])
  }

  @Test("completes .describe's table and .begin's transaction kind")
  func describeAndBegin() {
    #expect(candidates(".describe pe") == ["people"])
    #expect(candidates(".begin im") == ["immediate"])
  }

  @Test("skips .import's options when counting its arguments, and completes their names")
  func importOptions() throws {
    let scratch = try Self.scratch(holding: ["data.csv", "p/inner.csv"])
    defer { scratch.remove() }
    let directory = scratch.root
    #expect(candidates(".import --csv \(directory)/da") == ["data.csv"])
    #expect(candidates(".import --skip 1 -v \(directory)/da") == ["data.csv"])
    #expect(candidates(".import --csv \(directory)/p/") == ["inner.csv"])
    #expect(candidates(".import -csv --schema main \(directory)/data.csv pe") == ["people"])
    #expect(candidates(".import --skip ") == [])
    let option = engine.complete(line: ".import --s", connection: connection)
    #expect(option.word == "s")
    #expect(option.candidates == ["schema", "skip"])
    #expect(candidates(".import data.csv --c") == ["csv"])
  }

  @Test("completes a quoted table or file argument inside its quotes, closed once")
  func quotedArguments() throws {
    try connection.execute("CREATE TABLE \"Odd Name\"(x)")
    #expect(candidates(".schema \"Od") == ["Odd Name\""])
    #expect(candidates(".schema 'Odd N") == ["Name'"])
    #expect(candidates(".schema Od") == ["\"Odd Name\""])
    let scratch = try Self.scratch(holding: ["my data.csv", "my dir/inner.csv"])
    defer { scratch.remove() }
    let directory = scratch.root
    #expect(candidates(".import \"\(directory)/my d") == ["data.csv\"", "dir/"])
    #expect(candidates(".import \"\(directory)/my data.csv\" Od") == ["\"Odd Name\""])
  }
}
