public import SQLiteCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension Date: ValueConvertible {
  /// UTC text in the format SQLite's `datetime()` writes, to the nanosecond:
  /// `2026-11-27 03:43:37.123`, or `2026-11-27 03:43:37.123456789` when the date has more than
  /// milliseconds.
  ///
  /// SQLite's date functions read it (`date(created)`, `strftime('%Y', created)`), and dates
  /// compare in text order with each other and with `datetime('now')`. A date read back is
  /// equal to the one written unless it lies within about 100 days of 2001-01-01, where
  /// `Date`'s `Double` holds less than a nanosecond. Years 0000 through 9999, as in SQLite.
  public var sqliteValue: Value { .text(civilTime.text) }

  /// From ISO-8601 text as SQLite's date functions read it (`YYYY-MM-DD`, `YYYY-MM-DD HH:MM`,
  /// `YYYY-MM-DD HH:MM:SS.SSS`, with `T` or a space, and a `Z` or `±HH:MM` suffix), or from a
  /// Unix time in seconds, integer or real; `nil` for anything else.
  public static func fromSQLite(_ value: Value) -> Date? {
    switch value {
    case .integer(let seconds): Date(timeIntervalSince1970: Double(seconds))
    case .real(let seconds): Date(timeIntervalSince1970: seconds)
    case .text(let text): CivilTime(text: text).map(Date.init(civilTime:))
    default: nil
    }
  }

  /// The date split into whole Unix seconds and nanoseconds, exactly from its `Double`.
  var civilTime: CivilTime {
    // Split the reference-date interval, which is what `Date` holds: floor and the
    // difference are exact, so no rounding happens before the nanoseconds.
    let interval = timeIntervalSinceReferenceDate
    let whole = interval.rounded(.down)
    var nanoseconds = Int64(((interval - whole) * 1e9).rounded())
    var seconds = Int64(whole) + Self.referenceUnixSeconds
    if nanoseconds == 1_000_000_000 {
      nanoseconds = 0
      seconds += 1
    }
    return CivilTime(unixSeconds: seconds, nanoseconds: nanoseconds)
  }

  init(civilTime: CivilTime) {
    self.init(
      timeIntervalSinceReferenceDate: Double(civilTime.unixSeconds - Self.referenceUnixSeconds)
        + Double(civilTime.nanoseconds) / 1e9)
  }

  /// 2001-01-01 00:00:00 UTC in Unix seconds.
  static let referenceUnixSeconds: Int64 = 978_307_200
}

extension Data: ValueConvertible {
  /// A `.blob`.
  public var sqliteValue: Value { .blob([UInt8](self)) }
  /// From a blob, or text as its UTF-8 bytes (as `[UInt8]`).
  public static func fromSQLite(_ value: Value) -> Data? {
    [UInt8].fromSQLite(value).map { Data($0) }
  }
}

extension UUID: ValueConvertible {
  /// Its 16 bytes as a `.blob`: compact, and the same bytes GRDB stores.
  public var sqliteValue: Value {
    withUnsafeBytes(of: uuid) { .blob(Array($0)) }
  }

  /// From a 16-byte blob, or from text in the 36-character form
  /// (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`, either case).
  public static func fromSQLite(_ value: Value) -> UUID? {
    switch value {
    case .blob(let bytes) where bytes.count == 16:
      var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
      withUnsafeMutableBytes(of: &uuid) { $0.copyBytes(from: bytes) }
      return UUID(uuid: uuid)
    case .text(let text) where text.utf8.count == 36:
      return UUID(uuidString: text)
    default:
      return nil
    }
  }
}

extension URL: ValueConvertible {
  /// Its absolute string as `.text`.
  public var sqliteValue: Value { .text(absoluteString) }
  /// From text that parses as a URL.
  public static func fromSQLite(_ value: Value) -> URL? {
    if case .text(let text) = value { return URL(string: text) }
    return nil
  }
}
