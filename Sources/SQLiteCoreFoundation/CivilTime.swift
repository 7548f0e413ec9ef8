/// A UTC time of day on a proleptic Gregorian date, to the nanosecond: what a date is stored as.
///
/// The text is the format SQLite's own `datetime()` writes, `YYYY-MM-DD HH:MM:SS`, followed by
/// a fraction of a second of 3 to 9 digits (`.SSS`, more only when needed), so that stored
/// dates compare in text order with each other and with `datetime('now')`, and `date()`,
/// `strftime()` and `julianday()` read them. Reading also takes what those functions take: a
/// `T` for the space, no seconds or no time at all, and a `Z` or `±HH:MM` suffix.
struct CivilTime: Equatable {
  /// Seconds since 1970-01-01 00:00:00 UTC.
  var unixSeconds: Int64
  /// Nanoseconds after `unixSeconds`, 0 ..< 1,000,000,000.
  var nanoseconds: Int64

  static let secondsPerDay: Int64 = 86_400

  init(unixSeconds: Int64, nanoseconds: Int64) {
    self.unixSeconds = unixSeconds
    self.nanoseconds = nanoseconds
  }

  // MARK: Days and dates (Howard Hinnant's algorithms, public domain)

  /// Days since 1970-01-01 of a proleptic Gregorian date.
  static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The proleptic Gregorian date of a day counted from 1970-01-01.
  static func date(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (month <= 2 ? yearOfEra + era * 400 + 1 : yearOfEra + era * 400, month, day)
  }

  static func daysInMonth(_ month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  // MARK: Text

  /// `YYYY-MM-DD HH:MM:SS.SSS`, with up to six more fraction digits when they are not zero.
  var text: String {
    let days =
      unixSeconds >= 0
      ? unixSeconds / Self.secondsPerDay : (unixSeconds + 1) / Self.secondsPerDay - 1
    let secondOfDay = unixSeconds - days * Self.secondsPerDay
    let (year, month, day) = Self.date(days: days)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(29)
    if year < 0 { bytes.append(UInt8(ascii: "-")) }
    Self.append(abs(year), digits: 4, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    Self.append(month, digits: 2, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    Self.append(day, digits: 2, to: &bytes)
    bytes.append(UInt8(ascii: " "))
    Self.append(secondOfDay / 3600, digits: 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    Self.append(secondOfDay / 60 % 60, digits: 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    Self.append(secondOfDay % 60, digits: 2, to: &bytes)
    bytes.append(UInt8(ascii: "."))
    var fraction = nanoseconds
    var digits = 9
    while digits > 3 && fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    Self.append(fraction, digits: digits, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func append(_ value: Int64, digits: Int, to bytes: inout [UInt8]) {
    var divisor: Int64 = 1
    for _ in 1..<digits { divisor *= 10 }
    var rest = value
    // A year past 9999 keeps all its digits.
    while rest / divisor >= 10 { divisor *= 10 }
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }

  /// Parses the formats SQLite's date functions read as a date and time; `nil` for any other
  /// text (a Julian day number, `now`, modifiers, an impossible date).
  init?(text: String) {
    var scanner = DateScanner(bytes: Array(text.utf8))
    guard let parsed = scanner.parse() else { return nil }
    self = parsed
  }
}

/// Reads `YYYY-MM-DD[( |T)HH:MM[:SS[.S…]]][Z|±HH:MM]`, strictly.
private struct DateScanner {
  let bytes: [UInt8]
  var position = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  mutating func parse() -> CivilTime? {
    guard let year = number(digits: 4), skip("-"), let month = number(digits: 2), skip("-"),
      let day = number(digits: 2), (1...12).contains(month),
      (1...CivilTime.daysInMonth(month, year: year)).contains(day)
    else { return nil }
    var seconds: Int64 = 0
    var nanoseconds: Int64 = 0
    if skip(" ") || skip("T") || skip("t") {
      guard let hour = number(digits: 2), hour < 24, skip(":"), let minute = number(digits: 2),
        minute < 60
      else { return nil }
      seconds = hour * 3600 + minute * 60
      if skip(":") {
        guard let second = number(digits: 2), second < 60 else { return nil }
        seconds += second
        if skip(".") {
          guard let fraction = fraction() else { return nil }
          nanoseconds = fraction
        }
      }
      guard let offset = zone() else { return nil }
      seconds -= offset
    }
    guard position == bytes.count else { return nil }
    let unix =
      CivilTime.days(year: year, month: month, day: day) * CivilTime.secondsPerDay + seconds
    self.position = 0
    return CivilTime(unixSeconds: unix, nanoseconds: nanoseconds)
  }

  private mutating func skip(_ character: Unicode.Scalar) -> Bool {
    guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
    position += 1
    return true
  }

  private mutating func number(digits: Int) -> Int64? {
    guard position + digits <= bytes.count else { return nil }
    var value: Int64 = 0
    for byte in bytes[position..<position + digits] {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    position += digits
    return value
  }

  /// The digits after the point as nanoseconds (rounded past the ninth digit).
  private mutating func fraction() -> Int64? {
    var nanoseconds: Int64 = 0
    var scale: Int64 = 100_000_000
    var count = 0
    var roundUp = false
    while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
    {
      let digit = Int64(bytes[position] - UInt8(ascii: "0"))
      if count < 9 {
        nanoseconds += digit * scale
        scale /= 10
      } else if count == 9 {
        roundUp = digit >= 5
      }
      count += 1
      position += 1
    }
    guard count > 0 else { return nil }
    // Rounding 999_999_999.5 up would need a carry into the seconds: keep the last nanosecond.
    return roundUp && nanoseconds < 999_999_999 ? nanoseconds + 1 : nanoseconds
  }

  /// The zone suffix as seconds east of UTC: none or `Z` is 0.
  private mutating func zone() -> Int64? {
    if skip("Z") || skip("z") { return 0 }
    let sign: Int64
    if skip("+") {
      sign = 1
    } else if skip("-") {
      sign = -1
    } else {
      return 0
    }
    guard let hours = number(digits: 2), hours < 24, skip(":"), let minutes = number(digits: 2),
      minutes < 60
    else { return nil }
    return sign * (hours * 3600 + minutes * 60)
  }
}
