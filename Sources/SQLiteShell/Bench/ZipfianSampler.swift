import Glibc

/// Zipf sampling by rejection-inversion (Hörmann and Derflinger, 1996): constant time per
/// draw, any exponent above 0, no table of N weights.
struct ZipfianSampler {
  let count: Int64
  let exponent: Double
  private let hIntegralX1: Double
  private let hIntegralN: Double
  private let s: Double

  init(count: Int64, exponent: Double) {
    self.count = count
    self.exponent = exponent
    hIntegralX1 = Self.hIntegral(1.5, exponent) - 1
    hIntegralN = Self.hIntegral(Double(count) + 0.5, exponent)
    s = 2 - Self.hIntegralInverse(Self.hIntegral(2.5, exponent) - Self.h(2, exponent), exponent)
  }

  /// A rank from 1 to `count`.
  func sample(_ random: inout BenchRandom) -> Int64 {
    while true {
      let u = hIntegralN + random.nextUnit() * (hIntegralX1 - hIntegralN)
      let x = Self.hIntegralInverse(u, exponent)
      var k = Int64((x + 0.5).rounded(.down))
      if k < 1 { k = 1 } else if k > count { k = count }
      let kd = Double(k)
      if kd - x <= s || u >= Self.hIntegral(kd + 0.5, exponent) - Self.h(kd, exponent) {
        return k
      }
    }
  }

  private static func h(_ x: Double, _ e: Double) -> Double { exp(-e * log(x)) }

  private static func hIntegral(_ x: Double, _ e: Double) -> Double {
    let logX = log(x)
    return helper2((1 - e) * logX) * logX
  }

  private static func hIntegralInverse(_ x: Double, _ e: Double) -> Double {
    var t = x * (1 - e)
    if t < -1 { t = -1 }
    return exp(helper1(t) * x)
  }

  /// log(1 + x) / x, accurate near 0.
  private static func helper1(_ x: Double) -> Double {
    abs(x) > 1e-8 ? log1p(x) / x : 1 - x * (0.5 - x * (1.0 / 3 - 0.25 * x))
  }

  /// (exp(x) - 1) / x, accurate near 0.
  private static func helper2(_ x: Double) -> Double {
    abs(x) > 1e-8 ? expm1(x) / x : 1 + x * 0.5 * (1 + x * (1.0 / 3) * (1 + 0.25 * x))
  }
}
