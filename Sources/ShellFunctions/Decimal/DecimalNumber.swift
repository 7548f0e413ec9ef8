/// An arbitrary-precision decimal, with the parsing, arithmetic and rendering quirks of
/// sqlite3 3.40.1's decimal extension (so results match it digit for digit).
struct DecimalNumber {
  var isNegative = false
  /// Digits, most significant first; may carry leading zeros.
  var digits: [Int8] = []
  /// How many of ``digits`` are after the decimal point.
  var fractionDigits = 0

  /// Zero, the start of a `decimal_sum`.
  static let zero = DecimalNumber(isNegative: false, digits: [0], fractionDigits: 0)

  /// Parses text as sqlite3 does: leading space, a sign, digits with at most one meaningful
  /// `.`, an optional exponent; any other character is skipped.
  init(text: some Collection<UInt8>) {
    let bytes = Array(text)
    let n = bytes.count
    var i = 0
    while i < n, Self.isSpace(bytes[i]) { i += 1 }
    if i < n, bytes[i] == UInt8(ascii: "-") {
      isNegative = true
      i += 1
    } else if i < n, bytes[i] == UInt8(ascii: "+") {
      i += 1
    }
    while i < n, bytes[i] == UInt8(ascii: "0") { i += 1 }
    var pointMarker = 0
    var exponent = 0
    while i < n {
      let c = bytes[i]
      if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
        digits.append(Int8(c - UInt8(ascii: "0")))
      } else if c == UInt8(ascii: ".") {
        pointMarker = digits.count + 1
      } else if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
        exponent = Self.exponent(bytes, after: i)
        break
      }
      i += 1
    }
    if pointMarker != 0 { fractionDigits = digits.count - (pointMarker - 1) }
    applyExponent(exponent)
  }

  init(isNegative: Bool, digits: [Int8], fractionDigits: Int) {
    self.isNegative = isNegative
    self.digits = digits
    self.fractionDigits = fractionDigits
  }

  private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (0x09...0x0d).contains(c) }

  /// The exponent after the `e` at `index`: a sign, then every digit up to the end (others
  /// skipped), stopping once it passes a million.
  private static func exponent(_ bytes: [UInt8], after index: Int) -> Int {
    var j = index + 1
    guard j < bytes.count else { return 0 }
    var isNegative = false
    if bytes[j] == UInt8(ascii: "-") {
      isNegative = true
      j += 1
    } else if bytes[j] == UInt8(ascii: "+") {
      j += 1
    }
    var value = 0
    while j < bytes.count && value < 1_000_000 {
      if bytes[j] >= UInt8(ascii: "0") && bytes[j] <= UInt8(ascii: "9") {
        value = value * 10 + Int(bytes[j] - UInt8(ascii: "0"))
      }
      j += 1
    }
    return isNegative ? -value : value
  }

  private mutating func applyExponent(_ exponent: Int) {
    var exponent = exponent
    if exponent > 0 {
      if fractionDigits > 0 {
        if exponent <= fractionDigits {
          fractionDigits -= exponent
          exponent = 0
        } else {
          exponent -= fractionDigits
          fractionDigits = 0
        }
      }
      if exponent > 0 { digits += [Int8](repeating: 0, count: exponent) }
    } else if exponent < 0 {
      exponent = -exponent
      let extra = digits.count - fractionDigits - 1
      if extra != 0 {
        if extra >= exponent {
          fractionDigits += exponent
          exponent = 0
        } else {
          exponent -= extra
          fractionDigits = digits.count - 1
        }
      }
      if exponent > 0 {
        digits = [Int8](repeating: 0, count: exponent) + digits
        fractionDigits += exponent
      }
    }
  }

  /// The text sqlite3 renders: no leading zeros before the point (but one `0`), every
  /// fraction digit kept, and no minus sign on a lone zero digit.
  var text: String {
    var output: [UInt8] = []
    let negative = isNegative && !(digits.isEmpty || (digits.count == 1 && digits[0] == 0))
    if negative { output.append(UInt8(ascii: "-")) }
    var integerDigits = digits.count - fractionDigits
    if integerDigits <= 0 { output.append(UInt8(ascii: "0")) }
    var j = 0
    while integerDigits > 1 && digits[j] == 0 {
      j += 1
      integerDigits -= 1
    }
    while integerDigits > 0 {
      output.append(UInt8(ascii: "0") + UInt8(digits[j]))
      j += 1
      integerDigits -= 1
    }
    if fractionDigits > 0 {
      output.append(UInt8(ascii: "."))
      repeat {
        output.append(UInt8(ascii: "0") + UInt8(digits[j]))
        j += 1
      } while j < digits.count
    }
    return String(decoding: output, as: UTF8.self)
  }
}
