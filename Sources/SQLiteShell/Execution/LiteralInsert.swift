import SQLiteCore

/// An `INSERT INTO name [(columns)] VALUES (literal, …)[, (…)]` statement whose values are all
/// literals (what `.dump` writes), split into its shape and its literals.
///
/// The shape is the statement with `?` in place of each literal; every other token is kept as
/// written, so SQLite resolves the names when it prepares the shape, exactly as it would for the
/// statement. The reading follows SQLite 3.40.1's tokenizer for the few tokens it accepts and
/// gives up (``parse(_:)`` returns `false`) on anything else: a comment, a function call, an
/// expression, `+`, a double-quoted value, a hexadecimal integer, `INSERT OR …`, `RETURNING`,
/// an upsert, `DEFAULT VALUES`, a NUL byte, or text after the statement.
struct LiteralInsert {
  /// One literal value, with the byte ranges it came from in the parsed text.
  enum Literal: Equatable {
    /// `NULL`.
    case null
    /// An integer literal that fits in 64 bits (with its `-`, if any, applied).
    case integer(Int64)
    /// A literal SQLite codes as a REAL (a decimal with `.` or an exponent, or an integer
    /// literal past 64 bits): its digits, without the `-`, and whether a `-` came before.
    case real(Range<Int>, isNegated: Bool)
    /// A string literal: the bytes between its quotes, and whether `''` occurs in them.
    case text(Range<Int>, hasDoubledQuotes: Bool)
    /// An `X'…'` literal: its hexadecimal digits.
    case blob(Range<Int>)
  }

  /// The statement with a parameter for each literal (`?`, or for a REAL literal
  /// `CAST(? AS REAL)`, times -1 after a `-`) and single spaces between words (no `;`).
  private(set) var shape: [UInt8] = []
  /// The literals in order (parameter `i + 1` of the shape is `literals[i]`; a REAL literal
  /// binds its text).
  private(set) var literals: [Literal] = []

  private static let insertInto = Array("INSERT INTO ".utf8)
  private static let values = Array(" VALUES".utf8)
  private static let real = Array("CAST(? AS REAL)".utf8)
  private static let negatedReal = Array("CAST(? AS REAL)*-1".utf8)

  /// Whether `sql` starts (after white space) with an `I`: the cheap test before trying.
  static func mayBegin(_ sql: SQLText) -> Bool {
    for byte in sql.bytes {
      switch byte {
      case 0x20, 0x09, 0x0A, 0x0C, 0x0D: continue
      default: return byte | 0x20 == UInt8(ascii: "i")
      }
    }
    return false
  }

  /// Reads `bytes` as one literal INSERT statement (optionally ending with `;` and white
  /// space); `false`, with the parts unspecified, when it is anything else.
  mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    shape.removeAll(keepingCapacity: true)
    literals.removeAll(keepingCapacity: true)
    var reader = Reader(bytes: bytes)
    guard reader.keyword("INSERT"), reader.keyword("INTO") else { return false }
    shape.append(contentsOf: Self.insertInto)
    // The table, optionally with its schema.
    guard appendName(&reader) else { return false }
    if reader.punctuation(UInt8(ascii: ".")) {
      shape.append(UInt8(ascii: "."))
      guard appendName(&reader) else { return false }
    }
    if reader.punctuation(UInt8(ascii: "(")) {
      guard appendList(&reader, { $0.appendName(&$1) }) else { return false }
    }
    guard reader.keyword("VALUES") else { return false }
    shape.append(contentsOf: Self.values)
    repeat {
      guard reader.punctuation(UInt8(ascii: "(")),
        appendList(&reader, { $0.appendLiteral(&$1) })
      else { return false }
      guard reader.punctuation(UInt8(ascii: ",")) else { break }
      shape.append(UInt8(ascii: ","))
    } while true
    _ = reader.punctuation(UInt8(ascii: ";"))
    reader.skipSpace()
    return reader.isAtEnd
  }

  /// After a `(`: elements separated by `,` up to the `)`, the punctuation copied into the
  /// shape.
  private mutating func appendList(
    _ reader: inout Reader, _ element: (inout LiteralInsert, inout Reader) -> Bool
  ) -> Bool {
    shape.append(UInt8(ascii: "("))
    while element(&self, &reader) {
      if reader.punctuation(UInt8(ascii: ",")) {
        shape.append(UInt8(ascii: ","))
        continue
      }
      guard reader.punctuation(UInt8(ascii: ")")) else { return false }
      shape.append(UInt8(ascii: ")"))
      return true
    }
    return false
  }

  /// Reads one literal into ``literals`` and puts its parameter in the shape.
  private mutating func appendLiteral(_ reader: inout Reader) -> Bool {
    guard let literal = reader.literal() else { return false }
    literals.append(literal)
    if case .real(_, let isNegated) = literal {
      // SQLite's own conversion of the literal's text (`sqlite3AtoF`, as its parser does),
      // negated as the parser negates it: x * -1 is -x exactly, -0.0 included.
      shape.append(contentsOf: isNegated ? Self.negatedReal : Self.real)
    } else {
      shape.append(UInt8(ascii: "?"))
    }
    return true
  }

  /// Copies one name (a word or a quoted identifier) into the shape, as written.
  private mutating func appendName(_ reader: inout Reader) -> Bool {
    guard let name = reader.name() else { return false }
    if shape.last.map(isIdentifierByte) == true { shape.append(UInt8(ascii: " ")) }
    shape.append(contentsOf: reader.bytes[name])
    return true
  }
}

/// A cursor over the statement's bytes, reading tokens as SQLite's tokenizer does.
private struct Reader {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  var isAtEnd: Bool { index == bytes.count }

  /// The byte at `position`, or 0 past the end (as SQLite reads its NUL-terminated text).
  subscript(position: Int) -> UInt8 { position < bytes.count ? bytes[position] : 0 }

  /// Skips white space: the bytes SQLite's tokenizer takes as space (not `\v`).
  mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0C, 0x0D: index += 1
      default: return
      }
    }
  }

  /// Reads `word` (upper case) as a whole word, in any case.
  mutating func keyword(_ word: StaticString) -> Bool {
    skipSpace()
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count, !isIdentifierByte(self[index + count]) else { return false }
    let letters = word.utf8Start
    for offset in 0..<count where bytes[index + offset] & 0xDF != letters[offset] { return false }
    index += count
    return true
  }

  /// Reads one punctuation byte.
  mutating func punctuation(_ byte: UInt8) -> Bool {
    skipSpace()
    guard self[index] == byte else { return false }
    index += 1
    return true
  }

  /// Reads a name: a word that does not start with a digit or `$`, or an identifier quoted
  /// with `"…"`, `` `…` `` or `[…]`; its range, quotes included.
  mutating func name() -> Range<Int>? {
    skipSpace()
    let start = index
    let first = self[index]
    switch first {
    case UInt8(ascii: "\""), UInt8(ascii: "`"):
      guard skipQuoted(first) else { return nil }
    case UInt8(ascii: "["):
      index += 1
      while index < bytes.count, bytes[index] != UInt8(ascii: "]") { index += 1 }
      guard index < bytes.count else { return nil }
      index += 1
    default:
      guard isIdentifierByte(first), !isDigit(first), first != UInt8(ascii: "$") else {
        return nil
      }
      while isIdentifierByte(self[index]) { index += 1 }
    }
    return start..<index
  }

  /// Skips a token quoted with `quote` (doubled inside); `false` when it does not end.
  private mutating func skipQuoted(_ quote: UInt8) -> Bool {
    index += 1
    while index < bytes.count {
      if bytes[index] == quote {
        if self[index + 1] != quote {
          index += 1
          return true
        }
        index += 1
      }
      index += 1
    }
    return false
  }

  /// Reads one literal value: `NULL`, a number with an optional `-` before it, a string or a
  /// blob; `nil` for anything else.
  mutating func literal() -> LiteralInsert.Literal? {
    skipSpace()
    let first = self[index]
    switch first {
    case UInt8(ascii: "'"):
      let start = index + 1
      var hasDoubledQuotes = false
      index += 1
      while true {
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "'") {
          guard self[index + 1] == UInt8(ascii: "'") else { break }
          hasDoubledQuotes = true
          index += 1
        }
        index += 1
      }
      index += 1
      return .text(start..<(index - 1), hasDoubledQuotes: hasDoubledQuotes)
    case UInt8(ascii: "x"), UInt8(ascii: "X"):
      guard self[index + 1] == UInt8(ascii: "'") else { return nil }
      let start = index + 2
      var end = start
      while isHexDigit(self[end]) { end += 1 }
      guard self[end] == UInt8(ascii: "'"), (end - start) % 2 == 0 else { return nil }
      index = end + 1
      return .blob(start..<end)
    case UInt8(ascii: "n"), UInt8(ascii: "N"):
      return keyword("NULL") ? .null : nil
    case UInt8(ascii: "-"):
      guard self[index + 1] != UInt8(ascii: "-") else { return nil }  // a comment
      index += 1
      skipSpace()
      return number(isNegated: true)
    default:
      return number(isNegated: false)
    }
  }

  /// Reads a number token (decimal only) as SQLite codes it, with `-` applied when negated.
  private mutating func number(isNegated: Bool) -> LiteralInsert.Literal? {
    let start = index
    let first = self[index]
    guard isDigit(first) || (first == UInt8(ascii: ".") && isDigit(self[index + 1])) else {
      return nil
    }
    // A hexadecimal integer goes the normal way (SQLite's rules for it differ).
    if first == UInt8(ascii: "0"), self[index + 1] | 0x20 == UInt8(ascii: "x") { return nil }
    var isReal = false
    while isDigit(self[index]) { index += 1 }
    if self[index] == UInt8(ascii: ".") {
      index += 1
      while isDigit(self[index]) { index += 1 }
      isReal = true
    }
    if self[index] | 0x20 == UInt8(ascii: "e") {
      let sign = self[index + 1]
      if isDigit(sign)
        || ((sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-")) && isDigit(self[index + 2]))
      {
        index += 2
        while isDigit(self[index]) { index += 1 }
        isReal = true
      }
    }
    // `1abc`, `1e`, `1.5x`: SQLite's tokenizer makes one illegal token of it.
    guard !isIdentifierByte(self[index]) else { return nil }
    let digits = start..<index
    if isReal { return .real(digits, isNegated: isNegated) }
    guard let magnitude = integerMagnitude(digits) else {
      return .real(digits, isNegated: isNegated)
    }
    if isNegated {
      return .integer(magnitude == 1 << 63 ? Int64.min : -Int64(magnitude))
    }
    return magnitude == 1 << 63 ? .real(digits, isNegated: false) : .integer(Int64(magnitude))
  }

  /// The value of a run of decimal digits, if it is at most 2^63.
  private func integerMagnitude(_ digits: Range<Int>) -> UInt64? {
    var value: UInt64 = 0
    for position in digits {
      let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times10.addingReportingOverflow(UInt64(bytes[position] &- 0x30))
      guard !overflow, !carry, sum <= 1 << 63 else { return nil }
      value = sum
    }
    return value
  }
}

@inline(__always)
private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

@inline(__always)
private func isHexDigit(_ byte: UInt8) -> Bool {
  isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
}

/// SQLite's `IdChar`: letters, digits, `_`, `$` and every byte from 0x80.
@inline(__always)
private func isIdentifierByte(_ byte: UInt8) -> Bool {
  if byte >= 0x80 { return true }
  let lower = byte | 0x20
  return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || isDigit(byte)
    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
}
