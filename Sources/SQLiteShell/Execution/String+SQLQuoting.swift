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
