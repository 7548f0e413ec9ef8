/// Number formatting for `.bench` reports and JSON, without Foundation.
enum BenchFormat {
  /// `value` with exactly `digits` decimals (`fixed(3.14159, 2)` is `3.14`).
  static func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "0" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 9e18 else { return String(value) }
    let whole = Int64(scaled)
    let unit = Int64(scale)
    var text = (value < 0 && whole != 0 ? "-" : "") + String(whole / unit)
    if digits > 0 {
      let fraction = String(whole % unit)
      text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
    return text
  }

  /// `text` right-aligned in `width` columns.
  static func right(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  /// `text` left-aligned in `width` columns.
  static func left(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }

  /// A byte count as `123 B`, `4.1 KiB`, `12.3 MiB`.
  static func bytes(_ count: Int64) -> String {
    if count < 1024 { return "\(count) B" }
    if count < 1024 * 1024 { return fixed(Double(count) / 1024, 1) + " KiB" }
    return fixed(Double(count) / (1024 * 1024), 1) + " MiB"
  }

  /// `text` as a JSON string literal.
  static func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
