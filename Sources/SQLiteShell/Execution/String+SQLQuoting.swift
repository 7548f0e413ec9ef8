extension String {
  /// The text between two `quote` characters with each inner `quote` doubled: an SQL
  /// identifier (`"`, SQLite's `"%w"`) or string literal (`'`, its `%Q` without `NULL`), as
  /// sqlite3's `appendText` writes them.
  func sqlQuoted(_ quote: Character = "\"") -> String {
    var out = String(quote)
    for character in self {
      out.append(character)
      if character == quote { out.append(quote) }
    }
    out.append(quote)
    return out
  }
}

extension Array where Element == UInt8 {
  /// The bytes between two `quote` bytes with each inner `quote` doubled, whatever the bytes
  /// are (`%Q` without `NULL` on text that need not be UTF-8; `"` gives an identifier).
  func sqlQuoted(_ quote: UInt8 = UInt8(ascii: "'")) -> [UInt8] {
    var out: [UInt8] = [quote]
    out.reserveCapacity(count + 2)
    for byte in self {
      out.append(byte)
      if byte == quote { out.append(quote) }
    }
    out.append(quote)
    return out
  }
}
