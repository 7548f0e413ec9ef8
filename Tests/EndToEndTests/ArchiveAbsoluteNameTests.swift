import Foundation
import TestSupport
import Testing

/// `.archive -x` without `-C` in a working directory of its own (a process of its own: `.cd`
/// in the test process would move every test running beside it).
@Suite("Archive extraction of names from the root")
struct ArchiveAbsoluteNameTests {
  @Test("a member named from the root lands under the current directory, as with tar")
  func absoluteNamesStayInside() throws {
    let work = try ScratchDirectory("litesh-archive-absolute")
    defer { work.remove() }
    let outside = work.root + "/outside/planted.txt"
    let sql =
      "CREATE TABLE sqlar(name TEXT PRIMARY KEY, mode INT, mtime INT, sz INT, data BLOB);"
      + "INSERT INTO sqlar VALUES('\(outside)', 33188, 0, 3, 'abs');"
    let made = try BatchRun.run(Binary.litesh, ["a.db", sql], in: work)
    #expect(made.status == 0, "\(made.errors)")
    let run = try BatchRun.run(Binary.litesh, ["a.db", ".ar -xv"], in: work)
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.outputText == "." + outside + "\n")
    #expect(!FileManager.default.fileExists(atPath: outside))
    #expect(FileManager.default.fileExists(atPath: work.root + "/." + outside))
  }
}
