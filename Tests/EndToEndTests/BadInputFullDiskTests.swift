import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A small tmpfs mounted for one test, so writes meet a real `ENOSPC`.
struct FullDisk {
  let directory: ScratchDirectory
  var path: String { directory.path("full") }

  /// Whether this machine lets the tests mount one (root, outside a restrictive container).
  static let isAvailable: Bool = {
    guard getuid() == 0, let disk = try? FullDisk(kibibytes: 64) else { return false }
    disk.remove()
    return true
  }()

  init(kibibytes: Int) throws {
    directory = try ScratchDirectory("litesh-full-disk")
    try FileManager.default.createDirectory(
      atPath: directory.path("full"), withIntermediateDirectories: true)
    let run = try BatchRun.run(
      "/bin/mount", ["-t", "tmpfs", "-o", "size=\(kibibytes)k", "tmpfs", directory.path("full")],
      in: directory)
    guard run.status == 0 else {
      directory.remove()
      throw CocoaError(.fileWriteNoPermission)
    }
  }

  func remove() {
    _ = try? BatchRun.run("/bin/umount", [path], in: directory)
    directory.remove()
  }
}

@Suite(
  "Bad input: a full disk", .serialized,
  .enabled(if: FullDisk.isAvailable, "needs root to mount a 64 KiB tmpfs"))
struct BadInputFullDiskTests {
  /// Runs `arguments` through `program` with the working directory holding the full disk
  /// (`full/`), a 1 MB database (`big.db`) and a 100,000-line CSV (`big.csv`).
  static func run(_ program: String, _ arguments: [String]) throws -> (BatchRun, FullDisk) {
    let disk = try FullDisk(kibibytes: 64)
    let directory = disk.directory
    let csv = (1...100_000).map { "\($0),xxxxxxxxxxxx\n" }.joined()
    try directory.write("big.csv", Array(csv.utf8))
    _ = try BatchRun.run(
      BadInputTests.sqlite3,
      [
        "big.db",
        "create table t(a); insert into t select randomblob(1000) from generate_series(1,1000)",
      ],
      in: directory)
    return (try BatchRun.run(program, arguments, in: directory), disk)
  }

  @Test(".output to a full disk: litesh says the output was lost (sqlite3 exits 0, silent)")
  func output() throws {
    let arguments = [
      ":memory:", ".output full/out.txt",
      "with recursive c(x) as (select 1 union all select x+1 from c where x<100000) select x from c",
      ".output stdout", "select 'after'",
    ]
    let (litesh, disk) = try Self.run(Binary.litesh, arguments)
    disk.remove()
    let (reference, referenceDisk) = try Self.run(BadInputTests.sqlite3, arguments)
    referenceDisk.remove()
    #expect(reference.status == 0 && reference.errors.isEmpty)
    #expect(
      litesh.errors
        == "Error: cannot write to \"full/out.txt\": No space left on device; output was lost\n")
    #expect(litesh.outputText == "after\n")
    #expect(litesh.status == 1)
  }

  @Test(".backup to a full disk: 'database or disk is full', status 1, as sqlite3")
  func backup() throws {
    let (litesh, disk) = try Self.run(Binary.litesh, ["big.db", ".backup full/b.db"])
    disk.remove()
    let (reference, referenceDisk) = try Self.run(
      BadInputTests.sqlite3, ["big.db", ".backup full/b.db"])
    referenceDisk.remove()
    #expect(litesh.errors == "Error: database or disk is full\n")
    #expect(litesh.errors == reference.errors)
    #expect(litesh.status == 1 && reference.status == 1)
  }

  @Test(".import into a database on a full disk: one message, nothing imported, status 1")
  func importFull() throws {
    let arguments = ["full/imp.db", ".import --csv big.csv t"]
    let (litesh, disk) = try Self.run(Binary.litesh, arguments)
    defer { disk.remove() }
    let lines = litesh.errors.split(separator: "\n")
    #expect(lines.count == 1, "\(lines.prefix(3))")
    #expect(lines.first?.hasPrefix("Error: big.csv:") == true)
    #expect(
      lines.first?.hasSuffix(": INSERT failed: database or disk is full; nothing was imported")
        == true)
    #expect(litesh.status == 1)
    let check = try BatchRun.run(
      BadInputTests.sqlite3, ["full/imp.db", "select count(*) from sqlite_schema"],
      in: disk.directory)
    #expect(check.outputText == "0\n", "the import was half-applied")
  }
}
