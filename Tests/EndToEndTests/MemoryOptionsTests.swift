import Foundation
import TestSupport
import Testing

/// `-memtrace`, `-pagecache` and `-lookaside` where litesh cannot give sqlite3's bytes: the
/// allocations a program makes are its own, so `-memtrace` lines and `.stats` memory counts
/// differ in number and size; their form and what else is printed must be sqlite3's.
@Suite("Memory options")
struct MemoryOptionsTests {
  static let sqlite3 = Binary.sqlite3

  /// Runs both programs with `arguments`; their results.
  private func runBoth(_ arguments: [String]) throws -> (reference: BatchRun, actual: BatchRun) {
    let directory = try ScratchDirectory("litesh-memory-options")
    defer { directory.remove() }
    return (
      try BatchRun.run(Self.sqlite3, arguments, in: directory),
      try BatchRun.run(Binary.litesh, arguments, in: directory)
    )
  }

  @Test("-memtrace logs SQLite's allocations on stderr in sqlite3's three forms, and no more")
  func memtrace() throws {
    let (reference, actual) = try runBoth(
      [
        "-memtrace", ":memory:", "CREATE TABLE t(a); INSERT INTO t VALUES (randomblob(9000))",
        "SELECT length(a) FROM t",
      ])
    #expect(actual.outputText == reference.outputText)
    #expect(actual.status == reference.status)
    let pattern = /MEMTRACE: (allocate \d+ bytes|free \d+ bytes|resize \d+ -> \d+ bytes)/
    let lines = actual.errors.split(separator: "\n")
    #expect(lines.count > 100)
    #expect(lines.allSatisfy { $0.wholeMatch(of: pattern) != nil })
    #expect(lines.contains { $0.hasPrefix("MEMTRACE: allocate ") })
    #expect(lines.contains { $0.hasPrefix("MEMTRACE: free ") })
    #expect(
      reference.errors.split(separator: "\n").allSatisfy { $0.wholeMatch(of: pattern) != nil })
  }

  @Test("-pagecache adds the pages-used line to the statistics and the pages come from it")
  func pageCache() throws {
    let (reference, actual) = try runBoth(
      [
        "-pagecache", "5000", "10", "-stats", ":memory:",
        "CREATE TABLE t(a); INSERT INTO t VALUES (randomblob(3000))",
      ])
    let labels = { (run: BatchRun) in
      run.outputText.split(separator: "\n").map { $0.prefix { $0 != ":" } }
    }
    #expect(labels(actual) == labels(reference))
    #expect(actual.outputText.contains("Number of Pcache Pages Used:         4 (max 4) pages"))
  }

  @Test("-lookaside 0 N hides the lookaside lines of the statistics, as in sqlite3")
  func lookaside() throws {
    for sizes in [["0", "5"], ["64", "10"]] {
      let (reference, actual) = try runBoth(
        ["-lookaside"] + sizes + ["-stats", ":memory:", "SELECT 1"])
      let labels = { (run: BatchRun) in
        run.outputText.split(separator: "\n").map { $0.prefix { $0 != ":" } }
      }
      #expect(labels(actual) == labels(reference), "\(sizes)")
      #expect(actual.outputText.contains("Lookaside Slots Used") == (sizes[0] != "0"))
    }
  }
}
