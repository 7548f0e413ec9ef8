/// Turns pattern text into ``RegexProgram`` instructions, the way sqlite3 3.40.1's regexp
/// extension lays them out (so that odd patterns behave the same, too).
struct RegexCompiler {
  private(set) var ops: [RegexProgram.Op] = []
  private(set) var args: [Int32] = []
  private var input: RegexInput
  private let ignoresCase: Bool
  /// An escape error, reported only if nothing worse is found (as sqlite3 does).
  private var escapeError: String?
  /// A guard against patterns like `a{999999999}` exhausting memory.
  private static let maximumSize = 10_000_000

  init(pattern: [UInt8], ignoresCase: Bool) {
    self.ignoresCase = ignoresCase
    var input = RegexInput(pattern)
    if input.peek == UInt8(ascii: "^") {
      input.position += 1
    } else {
      ops.append(.anyStar)
      args.append(0)
    }
    self.input = input
  }

  mutating func compile() throws(RegexError) {
    try alternation()
    guard input.isAtEnd else { throw RegexError(message: "unrecognized character") }
    append(.accept, 0)
    if let escapeError { throw RegexError(message: escapeError) }
  }

  private var count: Int32 { Int32(ops.count) }

  @discardableResult
  private mutating func insert(_ op: RegexProgram.Op, _ arg: Int32, at index: Int32) -> Int32 {
    ops.insert(op, at: Int(index))
    args.insert(arg, at: Int(index))
    return index
  }

  @discardableResult
  private mutating func append(_ op: RegexProgram.Op, _ arg: Int32) -> Int32 {
    insert(op, arg, at: count)
  }

  private mutating func copy(from start: Int32, count length: Int32) throws(RegexError) {
    guard ops.count + Int(length) <= Self.maximumSize else {
      throw RegexError(message: "REGEXP pattern too big")
    }
    let range = Int(start)..<Int(start + length)
    ops += ops[range]
    args += args[range]
  }

  private mutating func nextCharacter() -> UInt32 { input.next(foldCase: ignoresCase) }

  /// `X|Y|…` up to an unmatched `)` or the end.
  private mutating func alternation() throws(RegexError) {
    let start = count
    try sequence()
    while input.peek == UInt8(ascii: "|") {
      let end = count
      insert(.fork, end + 2 - start, at: start)
      let jump = append(.goto, 0)
      input.position += 1
      try sequence()
      args[Int(jump)] = count - jump
    }
  }

  /// A run of atoms and their repetition operators.
  private mutating func sequence() throws(RegexError) {
    var previous: Int32 = -1
    while case let c = nextCharacter(), c != 0 {
      let start = count
      switch Character(Unicode.Scalar(c) ?? "\u{FFFD}") {
      case "|", ")":
        input.position -= 1
        return
      case "(":
        try alternation()
        guard input.peek == UInt8(ascii: ")") else { throw RegexError(message: "unmatched '('") }
        input.position += 1
      case ".":
        if input.peek == UInt8(ascii: "*") {
          append(.anyStar, 0)
          input.position += 1
        } else {
          append(.any, 0)
        }
      case "*":
        guard previous >= 0 else { throw RegexError(message: "'*' without operand") }
        insert(.goto, count - previous + 1, at: previous)
        append(.fork, previous - count + 1)
      case "+":
        guard previous >= 0 else { throw RegexError(message: "'+' without operand") }
        append(.fork, previous - count)
      case "?":
        guard previous >= 0 else { throw RegexError(message: "'?' without operand") }
        insert(.fork, count - previous + 1, at: previous)
      case "$": append(.match, Int32(RegexProgram.endOfInput))
      case "^": append(.atStart, 0)
      case "{": try repetition(previous)
      case "[": try characterClass()
      case "\\": escapedAtom()
      default: append(.match, Int32(bitPattern: c))
      }
      previous = start
    }
  }

  /// `{m}`, `{m,}` or `{m,n}` after the atom that starts at `previous`.
  private mutating func repetition(_ previous: Int32) throws(RegexError) {
    guard previous >= 0 else { throw RegexError(message: "'{m,n}' without operand") }
    var atom = previous
    var low = 0
    while case let c = input.peek, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") {
      low = min(low * 10 + Int(c - UInt8(ascii: "0")), Self.maximumSize)
      input.position += 1
    }
    var high = low
    if input.peek == UInt8(ascii: ",") {
      input.position += 1
      high = 0
      while case let c = input.peek, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") {
        high = min(high * 10 + Int(c - UInt8(ascii: "0")), Self.maximumSize)
        input.position += 1
      }
    }
    guard input.peek == UInt8(ascii: "}") else { throw RegexError(message: "unmatched '{'") }
    if high > 0 && high < low { throw RegexError(message: "n less than m in '{m,n}'") }
    input.position += 1
    let size = count - atom
    if low == 0 {
      if high == 0 { throw RegexError(message: "both m and n are zero in '{m,n}'") }
      insert(.fork, size + 1, at: atom)
      atom += 1
      high -= 1
    } else {
      for _ in 1..<low { try copy(from: atom, count: size) }
    }
    if low < high {
      for _ in low..<high {
        append(.fork, size + 1)
        try copy(from: atom, count: size)
      }
    }
    if high == 0 && low > 0 { append(.fork, -size) }
  }

  /// `[…]` or `[^…]`; the class instruction's argument is its length.
  private mutating func characterClass() throws(RegexError) {
    let first = count
    if input.peek == UInt8(ascii: "^") {
      append(.classExcluding, 0)
      input.position += 1
    } else {
      append(.classIncluding, 0)
    }
    var c = nextCharacter()
    while c != 0 {
      if c == UInt32(UInt8(ascii: "[")), input.peek == UInt8(ascii: ":") {
        throw RegexError(message: "POSIX character classes not supported")
      }
      if c == UInt32(UInt8(ascii: "\\")) { c = escapedCharacter() }
      if input.peek == UInt8(ascii: "-") {
        append(.classRange, Int32(bitPattern: c))
        input.position += 1
        c = nextCharacter()
        if c == UInt32(UInt8(ascii: "\\")) { c = escapedCharacter() }
        append(.classRange, Int32(bitPattern: c))
      } else {
        append(.classValue, Int32(bitPattern: c))
      }
      if input.peek == UInt8(ascii: "]") {
        input.position += 1
        break
      }
      c = nextCharacter()
    }
    if c == 0 { throw RegexError(message: "unclosed '['") }
    args[Int(first)] = count - first
  }

  /// `\b \d \D \s \S \w \W`, or an escaped character to match.
  private mutating func escapedAtom() {
    let special: RegexProgram.Op? =
      switch input.peek {
      case UInt8(ascii: "b"): .boundary
      case UInt8(ascii: "d"): .digit
      case UInt8(ascii: "D"): .notDigit
      case UInt8(ascii: "s"): .space
      case UInt8(ascii: "S"): .notSpace
      case UInt8(ascii: "w"): .word
      case UInt8(ascii: "W"): .notWord
      default: nil
      }
    if let special {
      input.position += 1
      append(special, 0)
    } else {
      append(.match, Int32(bitPattern: escapedCharacter()))
    }
  }

  /// The character after a backslash: `\uXXXX`, `\xXX`, a C escape, or a quoted metacharacter.
  private mutating func escapedCharacter() -> UInt32 {
    guard !input.isAtEnd else { return 0 }
    let bytes = input.bytes
    let at = input.position
    let c = bytes[at]
    if c == UInt8(ascii: "u"), at + 4 < bytes.count, let value = hex(bytes[(at + 1)...(at + 4)]) {
      input.position += 5
      return value
    }
    if c == UInt8(ascii: "x"), at + 2 < bytes.count, let value = hex(bytes[(at + 1)...(at + 2)]) {
      input.position += 3
      return value
    }
    let escapes = Array(#"afnrtv\()*.+?[$^{|}]"#.utf8)
    let translations: [UInt8] = [0x07, 0x0c, 0x0a, 0x0d, 0x09, 0x0b]
    guard let index = escapes.firstIndex(of: c) else {
      escapeError = escapeError ?? "unknown \\ escape"
      return UInt32(c)
    }
    input.position += 1
    return UInt32(index < translations.count ? translations[index] : c)
  }

  private func hex(_ digits: ArraySlice<UInt8>) -> UInt32? {
    var value: UInt32 = 0
    for digit in digits {
      guard let nibble = UInt32(String(UnicodeScalar(digit)), radix: 16) else { return nil }
      value = value * 16 + nibble
    }
    return value
  }
}
