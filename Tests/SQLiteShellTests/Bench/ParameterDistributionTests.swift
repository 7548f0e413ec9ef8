import SQLiteCore
import Testing

@testable import SQLiteShell

@Suite("Parameter distributions")
struct ParameterDistributionTests {
  @Test(
    "parses each distribution with its arguments",
    arguments: [
      ("id=uniform(1,100000)", "id", ParameterDistribution.uniform(lower: 1, upper: 100_000)),
      (":x=uniform(0.5, 2)", "x", .uniformReal(lower: 0.5, upper: 2)),
      ("k=zipfian(1,1000,1.1)", "k", .zipfian(lower: 1, upper: 1000, exponent: 1.1)),
      ("@g=gaussian(100,15)", "g", .gaussian(mean: 100, standardDeviation: 15)),
      ("$e=EXPONENTIAL(3)", "e", .exponential(mean: 3)),
    ])
  func parses(text: String, name: String, distribution: ParameterDistribution) throws {
    let parsed = try ParameterDistribution.parse(text)
    #expect(parsed.name == name)
    #expect(parsed.distribution == distribution)
  }

  @Test(
    "names what is wrong and where",
    arguments: [
      ("id=uniform(1,)", "expected a number", 13),
      ("id=uniform(1 2)", "expected ','", 13),
      ("id=uniform(9,1)", "LOW must not exceed HIGH", 13),
      ("id=normal(1,2)", "unknown distribution \"normal\"", 3),
      ("id=zipfian(1,10)", "expected ','", 15),
      ("id=zipfian(1,10,0)", "S must be above 0", 16),
      // Found by the bench fuzz target: HIGH - LOW + 1 overflowed in the sampler.
      ("z=zipfian(-9223372036854775808,9223372036854775807,1)", "HIGH - LOW must be below", 31),
      ("z=zipfian(0,9223372036854775807,1)", "HIGH - LOW must be below", 12),
      ("id=exponential(2))", "unexpected text after ')'", 17),
      ("=uniform(1,2)", "expected a parameter name", 0),
      ("id", "expected NAME=DISTRIBUTION", 2),
      ("id=gaussian(0,-1)", "SD must be above 0", 14),
    ])
  func errors(text: String, message: String, position: Int) {
    #expect {
      try ParameterDistribution.parse(text)
    } throws: { error in
      guard let error = error as? ParameterDistribution.SyntaxError else { return false }
      return error.message.hasPrefix(message) && error.position == position
    }
  }

  @Test(
    "draws values within range, and a fixed seed repeats the sequence",
    arguments: [
      ParameterDistribution.uniform(lower: 5, upper: 9),
      .uniformReal(lower: -1, upper: 1),
      .zipfian(lower: 10, upper: 60, exponent: 1.2),
      .zipfian(lower: 1, upper: 1_000_000, exponent: 0.8),
      .gaussian(mean: 100, standardDeviation: 5),
      .exponential(mean: 3),
    ])
  func draws(distribution: ParameterDistribution) {
    func sequence(seed: UInt64) -> [Value] {
      var random = BenchRandom(seed: seed)
      return (0..<5_000).map { _ in distribution.draw(&random) }
    }
    let values = sequence(seed: 42)
    #expect(values == sequence(seed: 42))
    #expect(values != sequence(seed: 43))
    for value in values {
      switch (distribution, value) {
      case (.uniform(let low, let high), .integer(let v)),
        (.zipfian(let low, let high, _), .integer(let v)):
        #expect(v >= low && v <= high)
      case (.uniformReal(let low, let high), .real(let v)):
        #expect(v >= low && v < high)
      case (.gaussian(let mean, let sd), .real(let v)):
        #expect(abs(v - mean) < 8 * sd)
      case (.exponential, .real(let v)):
        #expect(v >= 0)
      default:
        Issue.record("unexpected value \(value) for \(distribution)")
      }
    }
  }

  @Test(
    "a sampler set up once draws what the distribution draws, value for value",
    arguments: [
      ParameterDistribution.uniform(lower: 5, upper: 9),
      .zipfian(lower: 10, upper: 60, exponent: 1.2),
      .zipfian(lower: -5, upper: 1_000_000, exponent: 0.8),
      .gaussian(mean: 100, standardDeviation: 5),
    ])
  func sampler(distribution: ParameterDistribution) {
    var byDistribution = BenchRandom(seed: 9)
    var bySampler = BenchRandom(seed: 9)
    let sampler = ParameterSampler(distribution)
    let expected = (0..<2_000).map { _ in distribution.draw(&byDistribution) }
    #expect((0..<2_000).map { _ in sampler.draw(&bySampler) } == expected)
  }

  /// The fuzzer's find: `zipfian(9223372036854775807,9223372036854775807,2)` trapped on
  /// `lower + rank - 1`, whose first sum passes Int64.max.
  @Test("zipfian draws at the top and the bottom of Int64 without overflowing")
  func zipfianAtTheEdges() {
    let top = ParameterDistribution.zipfian(lower: .max - 3, upper: .max, exponent: 2)
    let bottom = ParameterDistribution.zipfian(lower: .min, upper: .min + 3, exponent: 2)
    for distribution in [top, bottom] {
      var random = BenchRandom(seed: 3)
      let sampler = ParameterSampler(distribution)
      guard case .zipfian(let lower, let upper, _) = distribution else { return }
      for _ in 0..<200 {
        for value in [distribution.draw(&random), sampler.draw(&random)] {
          guard case .integer(let drawn) = value else {
            Issue.record("not an integer: \(value)")
            return
          }
          #expect(drawn >= lower && drawn <= upper)
        }
      }
    }
  }

  @Test("zipfian favours its first value; the others' means are where they belong")
  func shapes() {
    var random = BenchRandom(seed: 7)
    var counts: [Int64: Int] = [:]
    let zipf = ParameterDistribution.zipfian(lower: 1, upper: 100, exponent: 1.5)
    for _ in 0..<20_000 {
      if case .integer(let v) = zipf.draw(&random) { counts[v, default: 0] += 1 }
    }
    #expect(counts[1, default: 0] > counts[2, default: 0])
    #expect(counts[2, default: 0] > counts[10, default: 0])
    func mean(_ distribution: ParameterDistribution) -> Double {
      var sum = 0.0
      for _ in 0..<20_000 {
        if case .real(let v) = distribution.draw(&random) { sum += v }
      }
      return sum / 20_000
    }
    #expect(abs(mean(.exponential(mean: 3)) - 3) < 0.15)
    #expect(abs(mean(.gaussian(mean: 50, standardDeviation: 10)) - 50) < 0.5)
  }

  @Test("each worker's stream of a seed is its own")
  func streams() {
    var first = BenchRandom(seed: 1, stream: 0)
    var second = BenchRandom(seed: 1, stream: 1)
    #expect((0..<4).map { _ in first.next() } != (0..<4).map { _ in second.next() })
  }
}
