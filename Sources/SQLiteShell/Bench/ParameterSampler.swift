import SQLiteCore

/// A `--param` distribution set up for drawing in a loop.
///
/// What a draw needs that depends only on the distribution is worked out once. For `zipfian`
/// that is the sampler's constants (four logarithms and exponentials), which
/// ``ParameterDistribution/draw(_:)`` works out per call.
struct ParameterSampler: Sendable {
  /// The distribution drawn from.
  let distribution: ParameterDistribution
  private let zipfian: ZipfianSampler?

  init(_ distribution: ParameterDistribution) {
    self.distribution = distribution
    if case .zipfian(let lower, let upper, let exponent) = distribution {
      zipfian = ZipfianSampler(count: upper - lower + 1, exponent: exponent)
    } else {
      zipfian = nil
    }
  }

  /// Draws one value, as ``ParameterDistribution/draw(_:)`` does.
  func draw(_ random: inout BenchRandom) -> Value {
    if let zipfian, case .zipfian(let lower, _, _) = distribution {
      return .integer(lower + (zipfian.sample(&random) - 1))
    }
    return distribution.draw(&random)
  }
}
