import Foundation
import TestSupport
import Testing

/// `.archive -n` on a ZIP file names its temporary `zipfile` table `zip` and 16 random hex
/// digits, so the compatibility cases cannot compare it byte for byte: here both outputs are
/// compared with the digits masked, and the digits are checked to differ between runs.
@Suite("Archive dry runs on ZIP files")
struct ArchiveZipDryRunTests {
  static let commands = [
    ":memory:", ".ar -cvnf n.zip a.txt", ".ar -unf t.zip a.txt", ".ar -inf t.zip",
    ".ar -tnf t.zip", ".ar -xnf t.zip -C out",
  ]

  @Test("-c, -u, -i, -t and -x with -n print sqlite3's statements, the table name aside")
  func matchesSQLite3() throws {
    let work = try ScratchDirectory("litesh-archive-zip-dry-run")
    defer { work.remove() }
    try work.write("a.txt", Array("hello\n".utf8))
    let sqlite3 = try BatchRun.run(Binary.sqlite3, Self.commands, in: work)
    let litesh = try BatchRun.run(Binary.litesh, Self.commands, in: work)
    #expect(litesh.status == sqlite3.status)
    #expect(litesh.errors == sqlite3.errors)
    #expect(Self.masked(litesh.outputText) == Self.masked(sqlite3.outputText))
    let names = Self.tableNames(litesh.outputText)
    #expect(names.count == 9, "\(litesh.outputText)")
    #expect(Set(names).count == 3, "one name a command: \(names)")
    #expect(!FileManager.default.fileExists(atPath: work.path("n.zip")))
  }

  /// The output with each `zip` + 16 hex digits replaced by `zipXXXX`.
  static func masked(_ text: String) -> String {
    text.replacing(/zip[0-9a-f]{16}/, with: "zipXXXX")
  }

  static func tableNames(_ text: String) -> [String] {
    text.matches(of: /zip[0-9a-f]{16}/).map { String($0.output) }
  }
}
