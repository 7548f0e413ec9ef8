/// MS-DOS dates and times, converted as sqlite3's zipfile converts them (through Julian days,
/// with its integer and floating-point steps), so the same archive gives the same `mtime`.
enum ZipTime {
  /// Seconds since 1970 for a DOS time and date (two-second resolution, no time zone).
  static func unix(time: UInt16, date: UInt16) -> UInt32 {
    var year = 1980 + Int((date >> 9) & 0x7F)
    var month = Int((date >> 5) & 0x0F)
    let day = Int(date & 0x1F)
    let second = Int(time & 0x1F) * 2
    let minute = Int((time >> 5) & 0x3F)
    let hour = Int((time >> 11) & 0x1F)
    if month <= 2 {
      year -= 1
      month += 12
    }
    let x1 = 36525 * (year + 4716) / 100
    let x2 = 306_001 * (month + 1) / 10000
    let a = year / 100
    let b = 2 - a + a / 4
    let days = Double(x1 + x2 + day + b) - 1524.5
    let seconds = Int64(days * 86400) + Int64(hour * 3600 + minute * 60 + second)
    return UInt32(truncatingIfNeeded: seconds - 24_405_875 * 8640)
  }

  /// The DOS time and date of `unix` seconds; both 0 before 1980.
  static func dos(fromUnix unix: UInt32) -> (time: UInt16, date: UInt16) {
    let julianDay = Int64(2_440_588) + Int64(unix / 86400)
    var a = Int32(truncatingIfNeeded: Int64((Double(julianDay) - 1_867_216.25) / 36524.25))
    a = Int32(truncatingIfNeeded: julianDay + 1 + Int64(a) - Int64(a / 4))
    let b = a + 1524
    let c = Int32((Double(b) - 122.1) / 365.25)
    let d = (36525 * (c & 32767)) / 100
    let e = Int32(Double(b - d) / 30.6001)
    let day = b - d - Int32(30.6001 * Double(e))
    let month = e < 14 ? e - 1 : e - 13
    let year = month > 2 ? c - 4716 : c - 4715
    let hour = (unix % 86400) / 3600
    let minute = (unix % 3600) / 60
    let second = unix % 60
    guard year >= 1980 else { return (0, 0) }
    let date = UInt16(truncatingIfNeeded: day + (month << 5) + ((year - 1980) << 9))
    let time = UInt16(truncatingIfNeeded: second / 2 + (minute << 5) + (hour << 11))
    return (time, date)
  }
}
