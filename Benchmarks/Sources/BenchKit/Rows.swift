/// The rows every implementation writes and the lookups it makes, identical to `bench-c`'s.
public enum Rows {
  /// The table, as in the issue: c is a 20-character string.
  public static let createTable =
    "CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b REAL, c TEXT)"
  /// The insert every writer uses.
  public static let insert = "INSERT INTO t(id, a, b, c) VALUES (?, ?, ?, ?)"
  /// The scan of W2.
  public static let scan = "SELECT id, a, b, c FROM t"
  /// The point lookup of W3 and W5.
  public static let lookup = "SELECT a, b, c FROM t WHERE id = ?"
  /// The check run after a write workload: every implementation must print the same line.
  public static let tableCheck = "SELECT count(*), sum(a), sum(length(c)) FROM t"

  /// Column a of row `i`.
  @inline(__always)
  public static func a(_ i: Int64) -> Int64 { (i &* 2_654_435_761) % 1_000_003 }

  /// Column b of row `i`.
  @inline(__always)
  public static func b(_ i: Int64) -> Double { Double(i) * 0.25 }

  /// Column c of row `i`: `row-` and 16 zero-padded digits.
  @inline(__always)
  public static func c(_ i: Int64) -> String {
    String(unsafeUninitializedCapacity: 20) { buffer in
      buffer[0] = UInt8(ascii: "r")
      buffer[1] = UInt8(ascii: "o")
      buffer[2] = UInt8(ascii: "w")
      buffer[3] = UInt8(ascii: "-")
      var rest = i
      for index in stride(from: 19, through: 4, by: -1) {
        buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
      }
      return 20
    }
  }
}

/// The xorshift64* generator `bench-c` uses, so lookups hit the same ids in every implementation.
public struct Xorshift: Sendable {
  private var state: UInt64

  /// Starts the sequence; reader `n` of W5 uses `seed + n`.
  public init(offset: UInt64 = 0) { state = 0x9E37_79B9_7F4A_7C15 &+ offset }

  /// The next number.
  @inline(__always)
  public mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 2_685_821_657_736_338_717
  }

  /// A row id in `1...rows`.
  @inline(__always)
  public mutating func id(rows: Int) -> Int64 { Int64(next() % UInt64(rows)) + 1 }
}
