extension DecimalNumber {
  /// Negative, zero or positive as `self` is below, equal to or above `other`.
  ///
  /// Like sqlite3 3.40.1, trailing fraction zeros count (`1` sorts before `1.000`) and `-0` is
  /// below `0`.
  func compare(to other: DecimalNumber) -> Int {
    if isNegative != other.isNegative { return isNegative ? -1 : 1 }
    let (a, b) = isNegative ? (other, self) : (self, other)
    let aInteger = a.digits.count - a.fractionDigits
    let bInteger = b.digits.count - b.fractionDigits
    if aInteger != bInteger { return aInteger - bInteger }
    let shared = min(a.digits.count, b.digits.count)
    for index in 0..<shared where a.digits[index] != b.digits[index] {
      return Int(a.digits[index]) - Int(b.digits[index])
    }
    return a.digits.count - b.digits.count
  }

  /// Pads with zeros to `digitCount` digits, `fractionCount` of them after the point.
  private mutating func expand(digitCount: Int, fractionCount: Int) {
    let addFraction = fractionCount - fractionDigits
    let addInteger = (digitCount - digits.count) - addFraction
    if addInteger > 0 { digits = [Int8](repeating: 0, count: addInteger) + digits }
    if addFraction > 0 {
      digits += [Int8](repeating: 0, count: addFraction)
      fractionDigits += addFraction
    }
  }

  /// `self += other`, with sqlite3's layout of the result (one spare leading digit).
  mutating func add(_ other: DecimalNumber) {
    var other = other
    var integerCount = digits.count - fractionDigits
    if integerCount > 0 && digits[0] == 0 { integerCount -= 1 }
    integerCount = max(integerCount, other.digits.count - other.fractionDigits)
    let fractionCount = max(fractionDigits, other.fractionDigits)
    let digitCount = integerCount + fractionCount + 1
    expand(digitCount: digitCount, fractionCount: fractionCount)
    other.expand(digitCount: digitCount, fractionCount: fractionCount)
    if isNegative == other.isNegative {
      var carry: Int8 = 0
      for index in stride(from: digitCount - 1, through: 0, by: -1) {
        let sum = digits[index] + other.digits[index] + carry
        carry = sum >= 10 ? 1 : 0
        digits[index] = sum - carry * 10
      }
    } else {
      let (larger, smaller): ([Int8], [Int8])
      if digits.lexicographicallyPrecedes(other.digits) {
        (larger, smaller) = (other.digits, digits)
        isNegative.toggle()
      } else {
        (larger, smaller) = (digits, other.digits)
      }
      var borrow: Int8 = 0
      for index in stride(from: digitCount - 1, through: 0, by: -1) {
        var difference = larger[index] - smaller[index] - borrow
        borrow = difference < 0 ? 1 : 0
        difference += borrow * 10
        digits[index] = difference
      }
    }
  }

  /// `self *= other`: every fraction digit is kept, trailing zeros trimmed down to the
  /// shorter fraction of the two.
  mutating func multiply(by other: DecimalNumber) {
    var accumulator = [Int](repeating: 0, count: digits.count + other.digits.count + 2)
    let minimumFraction = min(fractionDigits, other.fractionDigits)
    for i in stride(from: digits.count - 1, through: 0, by: -1) {
      let factor = Int(digits[i])
      var carry = 0
      var k = i + other.digits.count - 1 + 3
      for j in stride(from: other.digits.count - 1, through: 0, by: -1) {
        let x = accumulator[k] + factor * Int(other.digits[j]) + carry
        accumulator[k] = x % 10
        carry = x / 10
        k -= 1
      }
      let x = accumulator[k] + carry
      accumulator[k] = x % 10
      accumulator[k - 1] += x / 10
    }
    digits = accumulator.map { Int8($0) }
    fractionDigits += other.fractionDigits
    isNegative = isNegative != other.isNegative
    while fractionDigits > minimumFraction && digits.last == 0 {
      fractionDigits -= 1
      digits.removeLast()
    }
  }
}
