/// The part of C's `sscanf` that sqlite3's `--hexdb` reader relies on: literal characters,
/// white space, and the `%d` and `%x` conversions.
///
/// As glibc's `sscanf`: a white-space character in the format matches any amount of white
/// space in the input (none included); any other format character must match the input's next
/// character exactly; `%d` and `%x` skip white space, then take an optional sign and digits
/// (`%x` also an optional `0x`). Scanning stops at the first mismatch, and the conversions made
/// up to there are the result, so a caller compares their count as it would `sscanf`'s value.
enum FormatScanner {
  /// The values of the conversions `format` made on `line`, in order, until the first failure.
  ///
  /// `%d` values are truncated to 32 bits as glibc stores a `long` into an `int`; `%x`
  /// values wrap to 32 bits as an `unsigned int` does.
  static func scan(_ line: some Collection<UInt8>, format: String) -> [Int64] {
    var values: [Int64] = []
    var input = Array(line)[...]
    var pattern = format.utf8[...]
    while let next = pattern.popFirst() {
      if isSpace(next) {
        while let byte = input.first, isSpace(byte) { input.removeFirst() }
      } else if next == UInt8(ascii: "%"), let kind = pattern.popFirst() {
        guard let value = number(from: &input, hexadecimal: kind == UInt8(ascii: "x")) else {
          return values
        }
        values.append(
          kind == UInt8(ascii: "x")
            ? Int64(UInt32(truncatingIfNeeded: value)) : Int64(Int32(truncatingIfNeeded: value)))
      } else {
        guard input.first == next else { return values }
        input.removeFirst()
      }
    }
    return values
  }

  /// One `%d` or `%x` conversion: white space, a sign, digits; `nil` when no digit follows.
  private static func number(
    from input: inout ArraySlice<UInt8>, hexadecimal: Bool
  ) -> Int64? {
    while let byte = input.first, isSpace(byte) { input.removeFirst() }
    var isNegative = false
    if let sign = input.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      isNegative = sign == UInt8(ascii: "-")
      input.removeFirst()
    }
    if hexadecimal, input.first == UInt8(ascii: "0") {
      let afterZero = input.dropFirst()
      if let x = afterZero.first, x | 0x20 == UInt8(ascii: "x"),
        let digit = afterZero.dropFirst().first, digitValue(digit, hexadecimal: true) != nil
      {
        input = afterZero.dropFirst()
      }
    }
    var value: Int64 = 0
    var digits = 0
    while let byte = input.first, let digit = digitValue(byte, hexadecimal: hexadecimal) {
      // strtol and strtoul saturate; the value is then truncated to 32 bits anyway.
      let (product, overflow) = value.multipliedReportingOverflow(by: hexadecimal ? 16 : 10)
      value = overflow ? Int64.max : min(Int64.max - digit, product) + digit
      digits += 1
      input.removeFirst()
    }
    guard digits > 0 else { return nil }
    return isNegative ? 0 &- value : value
  }

  private static func digitValue(_ byte: UInt8, hexadecimal: Bool) -> Int64? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int64(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f") where hexadecimal: Int64(byte - 87)
    case UInt8(ascii: "A")...UInt8(ascii: "F") where hexadecimal: Int64(byte - 55)
    default: nil
    }
  }

  /// C's `isspace` in the C locale.
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }
}
