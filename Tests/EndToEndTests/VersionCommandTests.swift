import TestSupport
import Testing

@Suite("The .version command")
struct VersionCommandTests {
  @Test("prints sqlite3's SQLite and zlib lines, then the Swift that built litesh")
  func version() throws {
    let directory = try ScratchDirectory()
    let expected = try BatchRun.run(Binary.sqlite3, [":memory:", ".version"], in: directory)
    let run = try BatchRun.run(Binary.litesh, [":memory:", ".ve extra words"], in: directory)
    let lines = run.outputText.split(separator: "\n")
    let sqlite3Lines = expected.outputText.split(separator: "\n")
    #expect(run.status == 0 && run.errors.isEmpty)
    #expect(lines.count == 3 && sqlite3Lines.count == 3)
    // sqlite3's third line names its C compiler (`gcc-12.2.0`); litesh's names its Swift.
    #expect(lines.prefix(2) == sqlite3Lines.prefix(2))
    #expect(lines.last?.hasPrefix("swift-6.") == true)
  }
}
