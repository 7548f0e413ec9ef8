import Testing

@testable import SQLiteShell

@Suite("Bench formatting")
struct BenchFormatTests {
  @Test(
    "fixed decimals round half away from zero and pad",
    arguments: [
      (3.14159, 2, "3.14"), (0.0005, 3, "0.001"), (2.5, 0, "3"), (-1.25, 1, "-1.3"),
      (1e9, 1, "1000000000.0"), (0.07, 3, "0.070"), (-0.0001, 2, "0.00"),
    ])
  func fixed(value: Double, digits: Int, text: String) {
    #expect(BenchFormat.fixed(value, digits) == text)
  }

  @Test("JSON strings escape quotes, backslashes and control characters")
  func jsonString() {
    #expect(BenchFormat.jsonString("a\"b\\c\nd\u{1}é") == "\"a\\\"b\\\\c\\nd\\u0001é\"")
  }

  @Test("byte counts read as B, KiB and MiB")
  func bytes() {
    #expect(BenchFormat.bytes(512) == "512 B")
    #expect(BenchFormat.bytes(4_300) == "4.2 KiB")
    #expect(BenchFormat.bytes(5 * 1024 * 1024) == "5.0 MiB")
  }

  @Test("the verdict puts a broken cross-check first, then violations, then failures")
  func verdicts() {
    var result = BenchResult(
      workload: "bank", readers: 1, writers: 1, seed: 1, unsafeReads: false, seconds: 2)
    result.reads.record(nanoseconds: 1_000, limit: nil)
    result.writes.record(nanoseconds: 1_000, limit: nil)
    result.crossCheck = .init(
      reportedCommits: 1, historyRows: 1, expectedTotal: 10, foundTotal: 10)
    #expect(BenchVerdict.line(for: result).hasPrefix("OK: 1 reads/s, 1 writes/s, every read"))
    result.writes.fail("disk I/O error")
    #expect(BenchVerdict.line(for: result).hasPrefix("DEGRADED: 33.33 failures per 100"))
    result.reads.violate("reader 1, read 1")
    #expect(BenchVerdict.line(for: result).hasPrefix("FAIL: 1 reads saw a broken total"))
    result.unsafeReads = true
    #expect(BenchVerdict.line(for: result).hasPrefix("ANOMALIES (as expected"))
    result.crossCheck?.historyRows = 0
    result.wasInterrupted = true
    #expect(
      BenchVerdict.line(for: result).hasPrefix(
        "stopped early; FAIL: the database does not hold what the run reported"))
  }
}
