/// The pattern `.check` compares the captured output with: sqlite3 3.40.1's `testcase_glob`.
///
/// `*` matches any bytes, `?` one byte, `[...]` one byte of a set (`^` inverts it, `a-z` is a
/// range, a `]` first is a member), `#` a run of digits with an optional sign, and white space
/// any run of white space (at least one character). White space at the end of the text is
/// ignored. As in sqlite3, after a `*` the next pattern character other than `[`, `*` or `?`
/// is looked for literally, even `#` or a space, and a byte past 0x7F is a negative `char` (it
/// cannot start a range).
package struct TestcaseGlob {
  private let pattern: [UInt8]

  /// A matcher for `pattern`'s bytes.
  package init(_ pattern: some Sequence<UInt8>) {
    self.pattern = Array(pattern)
  }

  /// Whether `text` matches the whole pattern.
  ///
  /// sqlite3's matcher backtracks at every `*`, which takes exponential time on a pattern of
  /// many stars that almost matches; this one remembers each (pattern, text) position it found
  /// no match from, so it answers the same in time bounded by their product.
  package func matches(_ text: some Sequence<UInt8>) -> Bool {
    let text = Array(text)
    var search = Search(width: text.count + 1)
    return Self.match(pattern[...], text[...], &search)
  }

  /// The positions already known not to match, as `pattern index × width + text index`.
  private struct Search {
    let width: Int
    var failed: Set<Int> = []
  }

  /// Whether `text` matches `glob`, both slices of the arrays ``matches(_:)`` started with.
  private static func match(
    _ glob: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>, _ search: inout Search
  ) -> Bool {
    let key = glob.startIndex * search.width + text.startIndex
    if search.failed.contains(key) { return false }
    let isMatch = matchOnce(glob, text, &search)
    if !isMatch { search.failed.insert(key) }
    return isMatch
  }

  private static func matchOnce(
    _ glob: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>, _ search: inout Search
  ) -> Bool {
    var glob = glob
    var text = text
    while let c = glob.popFirst() {
      if isSpace(c) {
        guard let first = text.first, isSpace(first) else { return false }
        while let next = glob.first, isSpace(next) { glob.removeFirst() }
        while let next = text.first, isSpace(next) { text.removeFirst() }
      } else if c == UInt8(ascii: "*") {
        return matchStar(&glob, text, &search)
      } else if c == UInt8(ascii: "?") {
        guard text.popFirst() != nil else { return false }
      } else if c == UInt8(ascii: "[") {
        guard let byte = text.popFirst(), matchSet(&glob, byte) else { return false }
      } else if c == UInt8(ascii: "#") {
        if let sign = text.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+"),
          let digit = text.dropFirst().first, isDigit(digit)
        {
          text.removeFirst()
        }
        guard let first = text.first, isDigit(first) else { return false }
        while let next = text.first, isDigit(next) { text.removeFirst() }
      } else {
        guard text.popFirst() == c else { return false }
      }
    }
    while let next = text.first, isSpace(next) { text.removeFirst() }
    return text.isEmpty
  }

  /// The rest of the pattern after a `*` (already taken from `glob`).
  private static func matchStar(
    _ glob: inout ArraySlice<UInt8>, _ text: ArraySlice<UInt8>, _ search: inout Search
  ) -> Bool {
    var text = text
    // The pattern from the character `next` holds: `[c] + glob`, in the same array.
    var fromNext = glob
    var next = glob.popFirst()
    while let c = next, c == UInt8(ascii: "*") || c == UInt8(ascii: "?") {
      if c == UInt8(ascii: "?"), text.popFirst() == nil { return false }
      fromNext = glob
      next = glob.popFirst()
    }
    guard let c = next else { return true }
    if c == UInt8(ascii: "[") {
      while !text.isEmpty, !match(fromNext, text, &search) { text.removeFirst() }
      return !text.isEmpty
    }
    while let byte = text.popFirst() {
      if byte == c, match(glob, text, &search) { return true }
    }
    return false
  }

  /// A `[...]` set (its `[` already taken) against one byte; consumes the set from `glob`.
  private static func matchSet(_ glob: inout ArraySlice<UInt8>, _ byte: UInt8) -> Bool {
    let c = Int(Int8(bitPattern: byte))
    var isSeen = false
    var isInverted = false
    var member = glob.popFirst()
    if member == UInt8(ascii: "^") {
      isInverted = true
      member = glob.popFirst()
    }
    if member == UInt8(ascii: "]") {
      if byte == UInt8(ascii: "]") { isSeen = true }
      member = glob.popFirst()
    }
    var prior = 0
    while let m = member, m != UInt8(ascii: "]") {
      if m == UInt8(ascii: "-"), let end = glob.first, end != UInt8(ascii: "]"), prior > 0 {
        glob.removeFirst()
        if c >= prior && c <= Int(Int8(bitPattern: end)) { isSeen = true }
        prior = 0
      } else {
        if byte == m { isSeen = true }
        prior = Int(Int8(bitPattern: m))
      }
      member = glob.popFirst()
    }
    return member != nil && isSeen != isInverted
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}
