/// sqlite3's parsers for numeric and boolean dot-command arguments.
enum ShellNumbers {
  private static let multipliers: [(suffix: String, factor: Int64)] = [
    ("kib", 1024), ("mib", 1024 * 1024), ("gib", 1024 * 1024 * 1024),
    ("kb", 1000), ("mb", 1_000_000), ("gb", 1_000_000_000),
    ("k", 1000), ("m", 1_000_000), ("g", 1_000_000_000),
  ]

  /// sqlite3's `integerValue`: optional sign, decimal or `0x` hex digits, optional KiB/MB/K suffix.
  ///
  /// Anything unparsable counts as 0, trailing junk is ignored, as in sqlite3.
  static func integerValue(_ text: String) -> Int64 {
    var bytes = Substring(text).utf8[...]
    var isNegative = false
    if bytes.first == UInt8(ascii: "-") {
      isNegative = true
      bytes = bytes.dropFirst()
    } else if bytes.first == UInt8(ascii: "+") {
      bytes = bytes.dropFirst()
    }
    var value: Int64 = 0
    if bytes.starts(with: "0x".utf8) {
      bytes = bytes.dropFirst(2)
      while let first = bytes.first, let digit = hexDigit(first) {
        value = value &* 16 &+ Int64(digit)
        bytes = bytes.dropFirst()
      }
    } else {
      while let first = bytes.first, first >= 0x30, first <= 0x39 {
        value = value &* 10 &+ Int64(first - 0x30)
        bytes = bytes.dropFirst()
      }
    }
    let suffix = String(decoding: bytes, as: UTF8.self).lowercased()
    if let multiplier = multipliers.first(where: { $0.suffix == suffix }) {
      value = value &* multiplier.factor
    }
    return isNegative ? 0 &- value : value
  }

  /// A `.width` or `--wrap` value as sqlite3 keeps it (an `int`), made safe to negate and pad:
  /// `Int32.min`, whose negation overflows, acts as 0 (automatic), and magnitudes are capped at
  /// 1,000,000 columns, the width sqlite3 itself uses for "no limit".
  static func columnWidth(_ value: Int64) -> Int {
    let narrow = Int32(truncatingIfNeeded: value)
    guard narrow != Int32.min else { return 0 }
    return max(-1_000_000, min(1_000_000, Int(narrow)))
  }

  /// sqlite3's `booleanValue`: a number, `on`/`yes`, `off`/`no`; anything else is 0 with a warning.
  ///
  /// - Returns: the value and, for an unrecognised word, the warning sqlite3 prints to stderr.
  static func booleanValue(_ text: String) -> (value: Int64, warning: String?) {
    let bytes = Array(text.utf8)
    var index = 0
    if bytes.starts(with: "0x".utf8) {
      index = 2
      while index < bytes.count, hexDigit(bytes[index]) != nil { index += 1 }
    } else {
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
    }
    if index > 0, index == bytes.count { return (integerValue(text) & 0xFFFF_FFFF, nil) }
    switch text.lowercased() {
    case "on", "yes": return (1, nil)
    case "off", "no": return (0, nil)
    default:
      return (0, "ERROR: Not a boolean value: \"\(text)\". Assuming \"no\".\n")
    }
  }

  private static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x41...0x46: byte - 0x41 + 10
    case 0x61...0x66: byte - 0x61 + 10
    default: nil
    }
  }
}
