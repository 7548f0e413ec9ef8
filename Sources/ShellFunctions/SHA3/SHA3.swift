/// An incremental SHA3 (FIPS 202) hash of 224, 256, 384 or 512 bits.
///
/// Written by hand for litesh: no package available here provides SHA3 as the sqlite3 shell
/// computes it without pulling in a large C build. The padding is SHA3's (`0x06 … 0x80`), not
/// the original Keccak's, so results equal sqlite3's `sha3()` and `.sha3sum`.
struct SHA3 {
  /// The digest size in bits.
  let bitCount: Int
  private var state = [UInt64](repeating: 0, count: 25)
  private let rate: Int
  private var buffered = 0

  /// A hash of `bitCount` bits (224, 256, 384 or 512).
  init(bitCount: Int = 256) {
    self.bitCount = bitCount
    rate = (1600 - 2 * bitCount) / 8
  }

  /// The sizes sqlite3's `sha3()` and `sha3_query()` accept.
  static let validSizes: Set<Int64> = [224, 256, 384, 512]

  /// Adds bytes to the hash.
  mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    for byte in bytes { absorb(byte) }
  }

  /// Adds the UTF-8 bytes of `text`.
  mutating func update(_ text: String) { update(text.utf8) }

  /// Finishes the hash and returns the digest.
  mutating func finalize() -> [UInt8] {
    absorbPadding()
    var digest: [UInt8] = []
    digest.reserveCapacity(bitCount / 8)
    var lane = 0
    while digest.count < bitCount / 8 {
      let word = state[lane]
      for shift in stride(from: 0, to: 64, by: 8) where digest.count < bitCount / 8 {
        digest.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
      }
      lane += 1
    }
    return digest
  }

  private mutating func absorb(_ byte: UInt8) {
    let lane = buffered / 8
    let shift = UInt64((buffered % 8) * 8)
    state[lane] ^= UInt64(byte) << shift
    buffered += 1
    if buffered == rate {
      Keccak.permute(&state)
      buffered = 0
    }
  }

  private mutating func absorbPadding() {
    let lastLane = (rate - 1) / 8
    let lastShift = UInt64(((rate - 1) % 8) * 8)
    let lane = buffered / 8
    state[lane] ^= UInt64(0x06) << UInt64((buffered % 8) * 8)
    state[lastLane] ^= UInt64(0x80) << lastShift
    Keccak.permute(&state)
    buffered = 0
  }
}

/// The Keccak-f[1600] permutation.
enum Keccak {
  private static let roundConstants: [UInt64] = [
    0x0000_0000_0000_0001, 0x0000_0000_0000_8082, 0x8000_0000_0000_808A, 0x8000_0000_8000_8000,
    0x0000_0000_0000_808B, 0x0000_0000_8000_0001, 0x8000_0000_8000_8081, 0x8000_0000_0000_8009,
    0x0000_0000_0000_008A, 0x0000_0000_0000_0088, 0x0000_0000_8000_8009, 0x0000_0000_8000_000A,
    0x0000_0000_8000_808B, 0x8000_0000_0000_008B, 0x8000_0000_0000_8089, 0x8000_0000_0000_8003,
    0x8000_0000_0000_8002, 0x8000_0000_0000_0080, 0x0000_0000_0000_800A, 0x8000_0000_8000_000A,
    0x8000_0000_8000_8081, 0x8000_0000_0000_8080, 0x0000_0000_8000_0001, 0x8000_0000_8000_8008,
  ]

  /// Rotation offsets, indexed by lane `x + 5 * y`.
  private static let rotations: [UInt64] = [
    0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
  ]

  /// Applies the 24 rounds to the 25 lanes (lane `x + 5 * y`).
  static func permute(_ a: inout [UInt64]) {
    var b = [UInt64](repeating: 0, count: 25)
    var c = [UInt64](repeating: 0, count: 5)
    for round in 0..<24 {
      for x in 0..<5 { c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20] }
      for x in 0..<5 {
        let d = c[(x + 4) % 5] ^ rotate(c[(x + 1) % 5], 1)
        for y in stride(from: 0, to: 25, by: 5) { a[x + y] ^= d }
      }
      for x in 0..<5 {
        for y in 0..<5 {
          let index = x + 5 * y
          b[y + 5 * ((2 * x + 3 * y) % 5)] = rotate(a[index], rotations[index])
        }
      }
      for y in stride(from: 0, to: 25, by: 5) {
        for x in 0..<5 {
          a[x + y] = b[x + y] ^ (~b[(x + 1) % 5 + y] & b[(x + 2) % 5 + y])
        }
      }
      a[0] ^= roundConstants[round]
    }
  }

  @inline(__always)
  private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
    count == 0 ? value : (value << count) | (value >> (64 - count))
  }
}
