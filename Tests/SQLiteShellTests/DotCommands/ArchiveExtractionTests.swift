import Foundation
import TestSupport
import Testing

@Suite("ArchiveExtraction")
struct ArchiveExtractionTests {
  /// An archive made by hand, as anyone could: a link to a directory outside, then a member
  /// whose path goes through that link.
  private static let hostileArchive = """
    CREATE TABLE sqlar(name TEXT PRIMARY KEY, mode INT, mtime INT, sz INT, data BLOB);
    INSERT INTO sqlar VALUES('evil', 41471, 0, -1, 'VICTIM');
    INSERT INTO sqlar VALUES('evil/planted', 33188, 0, 5, 'hello');
    INSERT INTO sqlar VALUES('ok.txt', 33188, 0, 2, 'ok');

    """

  @Test("no member is written through a link the archive makes")
  func linksCannotRedirectMembers() throws {
    try ScratchDirectory.with("litesh-archive") { root in
      let victim = root.path("victim")
      try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: false)
      let script =
        Self.hostileArchive.replacingOccurrences(of: "VICTIM", with: victim)
        + ".ar -x -C \(root.root)/out\n"
      let (_, errors) = ShellHarness().run(script)
      #expect(try FileManager.default.contentsOfDirectory(atPath: victim).isEmpty)
      #expect(FileManager.default.fileExists(atPath: root.path("out/ok.txt")))
      #expect(errors.contains("failed to create symlink: \(root.root)/out/evil"))
    }
  }

  @Test("links are restored, after the files, with the directories' times kept")
  func linksAreRestored() throws {
    try ScratchDirectory.with("litesh-archive") { root in
      let script = """
        SELECT writefile('\(root.root)/d/a.txt', 'text', 33188, 1577836800);
        SELECT writefile('\(root.root)/d/link', 'a.txt', 41471);
        SELECT writefile('\(root.root)/d', NULL, 16877, 1577836800);
        .ar -c -C \(root.root) d
        .ar -x -C \(root.root)/out

        """
      let (_, errors) = ShellHarness().run(script)
      #expect(errors.isEmpty)
      let link = try FileManager.default.destinationOfSymbolicLink(atPath: root.path("out/d/link"))
      #expect(link == "a.txt")
      let time =
        try FileManager.default.attributesOfItem(atPath: root.path("out/d"))[
          .modificationDate] as? Date
      #expect(time == Date(timeIntervalSince1970: 1_577_836_800))
    }
  }
}
