/// The seeded pseudo-random generator of `.bench`: xoshiro256** (Blackman and Vigna, 2018),
/// its state filled from the seed by SplitMix64, as its authors recommend.
///
/// A fixed seed gives the same sequence on every machine and every run, so `--seed N` repeats
/// a workload's parameters exactly (per worker: worker `k` uses the seed's `k`-th stream).
package struct BenchRandom: RandomNumberGenerator, Sendable {
  private var state: (UInt64, UInt64, UInt64, UInt64)

  /// A generator for `stream` (a worker's index) of `seed`.
  package init(seed: UInt64, stream: UInt64 = 0) {
    var mix = seed &+ stream &* 0xD1B5_4A32_D192_ED03
    func splitMix() -> UInt64 {
      mix &+= 0x9E37_79B9_7F4A_7C15
      var z = mix
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    state = (splitMix(), splitMix(), splitMix(), splitMix())
  }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    let result = rotate(state.1 &* 5, 7) &* 9
    let shifted = state.1 << 17
    state.2 ^= state.0
    state.3 ^= state.1
    state.1 ^= state.2
    state.0 ^= state.3
    state.2 ^= shifted
    state.3 = rotate(state.3, 45)
    return result
  }

  /// A double uniformly in [0, 1), from the top 53 bits.
  mutating func nextUnit() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  private func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
    (value << count) | (value >> (64 - count))
  }
}
