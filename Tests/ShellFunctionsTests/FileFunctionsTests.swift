import Foundation
import TestSupport
import Testing

@Suite("FileFunctions")
struct FileFunctionsTests {
  /// Runs `template` with `$DIR` standing for a fresh directory on each side, and compares.
  private func expectSame(_ template: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let ours = try ScratchDirectory("litesh-functions")
    let theirs = try ScratchDirectory("litesh-functions")
    let litesh = try Reference.litesh(template.replacingOccurrences(of: "$DIR", with: ours.root))
      .replacingOccurrences(of: ours.root, with: "$DIR")
    let sqlite3 = try Reference.sqlite3(
      template.replacingOccurrences(of: "$DIR", with: theirs.root)
    ).replacingOccurrences(of: theirs.root, with: "$DIR")
    #expect(litesh == sqlite3, sourceLocation: sourceLocation)
    #expect(try ours.listing() == theirs.listing(), sourceLocation: sourceLocation)
  }

  @Test(
    "readfile, writefile and lsmode behave as sqlite3's",
    arguments: [
      "SELECT writefile('$DIR/a/b.txt', 'hello'), readfile('$DIR/a/b.txt'), typeof(readfile('$DIR/a/b.txt'))",
      "SELECT writefile('$DIR/d', NULL, 16877), writefile('$DIR/l', 'a/b.txt', 41471), "
        + "writefile('$DIR/m.txt', x'0001', 33152, 1000000000)",
      "SELECT writefile('$DIR/m.txt', 'x', 33188, 86400), writefile('$DIR/d', NULL, 16832)",
      "SELECT writefile('/proc/x/y', 'a')",
      "SELECT writefile('/proc/x/y', 'a', 33188)",
      "SELECT writefile('/proc/x/y', 'a', 16877)",
      "SELECT writefile('/proc/x/y', 'a', 41471)",
      "SELECT writefile('x')",
      "SELECT writefile('a', 'b', 1, 2, 3)",
      "SELECT writefile(NULL, 'a'), readfile(NULL), readfile('$DIR/nonexistent')",
      "SELECT writefile('$DIR/n', NULL), readfile('$DIR/n'), typeof(readfile('$DIR/n'))",
      "SELECT lsmode(33188), lsmode(16877), lsmode(41471), lsmode(0), lsmode(4095), lsmode('x')",
      "SELECT writefile('$DIR/i', 12345), readfile('$DIR/i'), writefile('$DIR/r', 2.5), readfile('$DIR/r')",
      "SELECT writefile('$DIR/x/y/z/deep.bin', zeroblob(3000)), length(readfile('$DIR/x/y/z/deep.bin'))",
      "SELECT writefile('$DIR/f', 'file'), writefile('$DIR/f/g', 'under a file')",
      "CREATE TABLE t(name, data); INSERT INTO t VALUES('$DIR/one', 'first'), ('$DIR/two', x'ff00');"
        + "SELECT sum(writefile(name, data)) FROM t; SELECT name, hex(readfile(name)) FROM t",
    ])
  func matchesSQLite3(sql: String) throws {
    try expectSame(sql)
  }
}

extension ScratchDirectory {
  /// Every entry under the directory with its type, size, permissions and modification time.
  func listing() throws -> [String] {
    let manager = FileManager.default
    let entries = manager.enumerator(atPath: root)?.allObjects.compactMap { $0 as? String } ?? []
    return try entries.sorted().map { entry in
      let attributes = try manager.attributesOfItem(atPath: path(entry))
      let type = attributes[.type] as? FileAttributeType
      let permissions = attributes[.posixPermissions] as? Int ?? -1
      let size = type == .typeRegular ? attributes[.size] as? Int ?? -1 : 0
      let pinned = (attributes[.modificationDate] as? Date).map { $0.timeIntervalSince1970 < 1e8 }
      let mode = String(permissions, radix: 8)
      return "\(entry) \(type?.rawValue ?? "?") \(mode) \(size) \(pinned ?? false)"
    }
  }
}
