import CSQLite
import SQLiteCore

/// `ieee754(X)`, `ieee754(M,E)`, `ieee754_mantissa`, `ieee754_exponent`, `ieee754_from_blob`
/// and `ieee754_to_blob`, as sqlite3 3.40.1's ieee754 extension defines them.
///
/// `ieee754(45.25)` is `'ieee754(181,-2)'` (45.25 = 181 × 2⁻²); an 8-byte blob argument is read
/// as a big-endian binary64.
enum IEEE754Functions {
  private enum Part { case both, mantissa, exponent }

  static func register(_ registration: FunctionRegistration) throws(SQLiteError) {
    try registration.scalar("ieee754", 1, .innocuous) { decompose($0, $1, .both) }
    try registration.scalar("ieee754", 2, .innocuous) { compose($0, $1) }
    try registration.scalar("ieee754_mantissa", 1, .innocuous) { decompose($0, $1, .mantissa) }
    try registration.scalar("ieee754_exponent", 1, .innocuous) { decompose($0, $1, .exponent) }
    try registration.scalar("ieee754_to_blob", 1, .innocuous) { context, arguments in
      let type = arguments.type(0)
      guard type == SQLITE_FLOAT || type == SQLITE_INTEGER else { return }
      context.result(blob: SHA3Functions.bigEndianBytes(arguments.double(0).bitPattern))
    }
    try registration.scalar("ieee754_from_blob", 1, .innocuous) { context, arguments in
      guard let value = blobDouble(arguments) else { return }
      context.result(value)
    }
  }

  /// An 8-byte blob argument as a big-endian double.
  private static func blobDouble(_ arguments: FunctionArguments) -> Double? {
    guard arguments.type(0) == SQLITE_BLOB, let bytes = arguments.blobBytes(0), bytes.count == 8
    else { return nil }
    return Double(bitPattern: bytes.reduce(0) { $0 << 8 | UInt64($1) })
  }

  private static func decompose(
    _ context: FunctionContext, _ arguments: FunctionArguments, _ part: Part
  ) {
    var value = blobDouble(arguments) ?? arguments.double(0)
    let isNegative = value < 0
    if isNegative { value = -value }
    let bits = Int64(bitPattern: value.bitPattern)
    var mantissa: Int64 = 0
    var exponent: Int64 = 0
    if bits != 0 {
      // Arithmetic shift, as in C: -0.0 gives exponent -2048 and so ieee754(1,-3071).
      exponent = bits >> 52
      mantissa = bits & ((1 << 52) - 1)
      if exponent == 0 { mantissa <<= 1 } else { mantissa |= 1 << 52 }
      while exponent < 1075 && mantissa > 0 && mantissa & 1 == 0 {
        mantissa >>= 1
        exponent += 1
      }
      if isNegative { mantissa = -mantissa }
    }
    switch part {
    case .both: context.result(text: "ieee754(\(mantissa),\(exponent - 1075))")
    case .mantissa: context.result(mantissa)
    case .exponent: context.result(exponent - 1075)
    }
  }

  /// `ieee754(M, E)`: the double M × 2^E.
  private static func compose(_ context: FunctionContext, _ arguments: FunctionArguments) {
    var mantissa = arguments.int64(0)
    var exponent = min(max(arguments.int64(1), -10000), 10000)
    var isNegative = false
    if mantissa < 0 {
      // sqlite3 3.40.1 loops forever on the smallest integer; litesh returns NULL.
      guard mantissa != .min else { return }
      isNegative = true
      mantissa = -mantissa
    } else if mantissa == 0 && exponent > -1000 && exponent < 1000 {
      context.result(0.0)
      return
    }
    while (mantissa >> 32) & 0xffe0_0000 != 0 {
      mantissa >>= 1
      exponent += 1
    }
    while mantissa != 0 && (mantissa >> 32) & 0xfff0_0000 == 0 {
      mantissa <<= 1
      exponent -= 1
    }
    exponent += 1075
    if exponent <= 0 {
      mantissa = 1 - exponent >= 64 ? 0 : mantissa >> (1 - exponent)
      exponent = 0
    } else if exponent > 0x7ff {
      exponent = 0x7ff
    }
    var bits = UInt64(bitPattern: mantissa) & ((1 << 52) - 1)
    bits |= UInt64(bitPattern: exponent) << 52
    if isNegative { bits |= 1 << 63 }
    context.result(Double(bitPattern: bits))
  }
}
