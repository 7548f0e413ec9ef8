extension QuickScan {
  /// Whether the end of `text` is inside a string literal or a comment, where completion must
  /// not offer (and the line editor must not rewrite) anything.
  ///
  /// The input scan's own rules, line by line: strings are `'…'` (and `x'…'` blobs), comments
  /// `/* … */` and `--`; a quoted identifier (`"…"`, `` `…` ``, `[…]`) is not a literal, so a
  /// name may still complete inside one.
  static func endsInsideLiteral(_ text: String) -> Bool {
    let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    var state = QuickScan.start
    for line in lines.dropLast() { state = state.scanning(line) }
    // A `;` after the last line registers in plain text, is kept inside a token, and is lost
    // in a `--` comment, which the scan does not report.
    let probe = state.scanning(Array(lines.last ?? Substring().utf8) + [UInt8(ascii: ";")])
    switch probe.awaiting {
    case UInt8(ascii: "'"), UInt8(ascii: "*"): return true
    case 0: return !probe.endsWithSemicolon
    default: return false
    }
  }
}
