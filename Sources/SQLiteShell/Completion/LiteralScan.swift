/// Whether a position in SQL text is inside a string literal or a comment, where completion
/// must not offer (and the line editor must not rewrite) anything.
enum LiteralScan {
  /// Whether the end of `text` is inside a string literal or a comment.
  ///
  /// Strings are `'…'` (and `x'…'` blobs); comments `/* … */` and `--`. Quoted identifiers (`"…"`, `` `…` ``, `[…]`) are skipped over, so a
  /// quote inside one does not count; the cursor inside one may still complete a name.
  static func endsInsideLiteral(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var index = 0
    /// The byte that closes the token the scan is in, or 0 in plain text.
    var closing: UInt8 = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      let next = index < bytes.count ? bytes[index] : 0
      switch closing {
      case 0:
        switch byte {
        case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
          closing = byte
        case UInt8(ascii: "["):
          closing = UInt8(ascii: "]")
        case UInt8(ascii: "-") where next == UInt8(ascii: "-"):
          closing = UInt8(ascii: "\n")
          index += 1
        case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
          closing = UInt8(ascii: "*")
          index += 1
        default:
          break
        }
      case UInt8(ascii: "*"):
        if byte == UInt8(ascii: "*") && next == UInt8(ascii: "/") {
          closing = 0
          index += 1
        }
      default:
        // A doubled quote inside a string or identifier is the quote itself: it scans as a
        // close and a reopen, which ends in the same state.
        if byte == closing { closing = 0 }
      }
    }
    return closing == UInt8(ascii: "'") || closing == UInt8(ascii: "*")
      || closing == UInt8(ascii: "\n")
  }
}
