import SQLiteCore
import SQLiteShell

/// Parses the input as `.bench` arguments and as one `--param`, then draws from every
/// distribution that parsed and checks the values fall in its range.
enum BenchFuzz {
  static func run(_ data: [UInt8]) -> [String] {
    var failures: [String] = []
    var distributions: [ParameterDistribution] = []
    let text = String(decoding: data, as: UTF8.self)
    switch Result(catching: { () throws(ParameterDistribution.SyntaxError) in
      try ParameterDistribution.parse(text)
    }) {
    case .success(let parsed): distributions.append(parsed.distribution)
    case .failure(let error):
      if error.position < 0 || error.position > text.utf8.count {
        failures.append("error position \(error.position) outside \(text.utf8.count) bytes")
      }
    }
    let words = DotCommandArguments.split(".bench " + text).dropFirst()
    if let options = try? BenchOptions.parse(Array(words)) {
      distributions += options.parameters.values
    }
    var random = BenchRandom(seed: UInt64(data.count))
    for distribution in distributions {
      for _ in 0..<16 {
        let value = distribution.draw(&random)
        if let failure = check(value, distribution) { failures.append(failure) }
      }
    }
    return failures
  }

  private static func check(_ value: Value, _ distribution: ParameterDistribution) -> String? {
    switch (distribution, value) {
    case (.uniform(let low, let high), .integer(let drawn)),
      (.zipfian(let low, let high, _), .integer(let drawn)):
      return (low...high).contains(drawn) ? nil : "\(drawn) outside \(distribution)"
    case (.uniformReal(let low, let high), .real(let drawn)):
      // A range too wide for a Double's difference may overflow to infinity; SQLite stores it.
      let isInside = drawn >= low && drawn <= high
      return isInside || !(high - low).isFinite ? nil : "\(drawn) outside \(distribution)"
    case (.exponential, .real(let drawn)):
      return drawn >= 0 || drawn.isNaN ? nil : "\(drawn) from \(distribution)"
    case (.gaussian, .real):
      return nil
    default:
      return "\(value) from \(distribution)"
    }
  }
}
