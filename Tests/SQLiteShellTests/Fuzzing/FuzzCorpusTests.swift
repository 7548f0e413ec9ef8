import Foundation
import SQLiteShell
import ShellFuzzing
import Testing

/// Replays every file of `Fuzzer/Corpus/TARGET/` (seeds and the inputs that once found a bug)
/// through the fuzz target's own entry point, so a fixed bug stays fixed without libFuzzer.
@Suite("Fuzz corpus replay")
struct FuzzCorpusTests {
  static let corpus = RepositoryFile.root.appendingPathComponent("Fuzzer/Corpus")

  /// Each target's corpus files, as (target, file name).
  static let cases: [(FuzzTarget, String)] = FuzzTarget.allCases.flatMap { target in
    let directory = corpus.appendingPathComponent(target.rawValue).path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.sorted().map { (target, $0) }
  }

  @Test("every target has a corpus", arguments: FuzzTarget.allCases)
  func hasCorpus(target: FuzzTarget) {
    #expect(Self.cases.contains { $0.0 == target })
  }

  @Test("a corpus file keeps every property", arguments: cases)
  func replay(target: FuzzTarget, file: String) throws {
    let url = Self.corpus.appendingPathComponent(target.rawValue).appendingPathComponent(file)
    let data = try Data(contentsOf: url)
    #expect(target.run(Array(data)) == [])
  }

  @Test("random inputs keep every property", arguments: FuzzTarget.allCases)
  func seededRandom(target: FuzzTarget) {
    var generator = BenchRandom(seed: 0x5EED)
    for _ in 0..<200 {
      let count = Int(generator.next() % 96)
      let input = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      let failures = target.run(input)
      #expect(failures == [], "input \(input)")
      if !failures.isEmpty { return }
    }
  }
}
