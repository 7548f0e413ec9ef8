import Glibc
package import SQLiteCore

/// How `.bench --param NAME=DIST` draws a bound parameter's value for each transaction.
package enum ParameterDistribution: Sendable, Equatable {
  /// Integers from `lower` to `upper`, both included, equally likely.
  case uniform(lower: Int64, upper: Int64)
  /// Reals in [`lower`, `upper`), equally likely (`uniform(0.5, 2)`).
  case uniformReal(lower: Double, upper: Double)
  /// Integers from `lower` to `upper`; the k-th value has weight 1/kˢ (rank 1 is `lower`).
  case zipfian(lower: Int64, upper: Int64, exponent: Double)
  /// Reals from a normal distribution.
  case gaussian(mean: Double, standardDeviation: Double)
  /// Non-negative reals from an exponential distribution with this mean.
  case exponential(mean: Double)

  /// Draws one value.
  ///
  /// A loop of draws uses ``ParameterSampler``, which sets a `zipfian` up once.
  package func draw(_ random: inout BenchRandom) -> Value {
    switch self {
    case .uniform(let lower, let upper):
      return .integer(Int64.random(in: lower...upper, using: &random))
    case .uniformReal(let lower, let upper):
      return .real(lower + (upper - lower) * random.nextUnit())
    case .zipfian(let lower, let upper, let exponent):
      let rank = ZipfianSampler(count: upper - lower + 1, exponent: exponent).sample(&random)
      return .integer(lower + (rank - 1))  // lower + rank overflows when upper is Int64.max
    case .gaussian(let mean, let standardDeviation):
      // Box–Muller; 1 - u keeps the logarithm's argument in (0, 1].
      let u = 1 - random.nextUnit()
      let v = random.nextUnit()
      return .real(mean + standardDeviation * (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v))
    case .exponential(let mean):
      return .real(-mean * log(1 - random.nextUnit()))
    }
  }
}
