import SQLiteCore

/// Identifier quoting as sqlite3's shell does it (`quoteChar`): names that are not plain
/// identifiers, or are SQL keywords, are written in double quotes.
enum SQLIdentifier {
  /// The SQLite library's keywords, upper case.
  private static let keywords = Set(Connection.sqlKeywords)

  /// Whether sqlite3 would put `name` in double quotes.
  static func needsQuotes(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard let first = bytes.first, isAlpha(first) || first == 0x5F else { return true }
    for byte in bytes where !(isAlpha(byte) || isDigit(byte) || byte == 0x5F) { return true }
    return keywords.contains(name.uppercased())
  }

  /// `name`, double-quoted with inner quotes doubled when ``needsQuotes(_:)``.
  static func quotedIfNeeded(_ name: String) -> String {
    guard needsQuotes(name) else { return name }
    var out = "\""
    for character in name {
      out.append(character)
      if character == "\"" { out.append("\"") }
    }
    return out + "\""
  }

  private static func isAlpha(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
