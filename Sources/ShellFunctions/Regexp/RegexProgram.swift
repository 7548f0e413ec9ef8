/// A compiled regular expression in the dialect of sqlite3's `regexp` extension: a small
/// nondeterministic automaton whose matching time is bounded by pattern size × input size.
///
/// The dialect is not POSIX: `X*`, `X+`, `X?`, `X{p,q}`, `(X)`, `X|Y`, `^`, `$`, `.`,
/// `[abc]`, `[^a-z]`, `\b \w \W \d \D \s \S`, C escapes `\a \f \n \r \t \v`, `\xXX`, `\uXXXX`,
/// and `\` before one of `\()*.+?[$^{|}]`. A pattern matches anywhere in the text unless it
/// starts with `^`. Case-insensitive programs (`regexpi`) fold ASCII letters only.
final class RegexProgram {
  /// One instruction of the automaton; each takes one integer argument.
  enum Op: UInt8 {
    case match = 1
    case any, anyStar, fork, goto, accept, classIncluding, classExcluding
    case classValue, classRange, word, notWord, digit, notDigit, space, notSpace, boundary
    case atStart
  }

  /// The character code of end of input (also what `$` matches).
  static let endOfInput: UInt32 = 0
  /// The "previous character" before the first one.
  static let startOfInput: UInt32 = 0xfff_ffff

  private(set) var ops: [Op] = []
  private(set) var args: [Int32] = []
  /// Literal UTF-8 bytes every match must contain at its start, used to skip ahead.
  private(set) var prefix: [UInt8] = []
  /// Whether ASCII letters are folded to lower case, in the pattern and in the text.
  let ignoresCase: Bool

  /// Compiles `pattern`, or throws sqlite3's message for what is wrong with it.
  init(pattern: [UInt8], ignoresCase: Bool) throws(RegexError) {
    self.ignoresCase = ignoresCase
    var compiler = RegexCompiler(pattern: pattern, ignoresCase: ignoresCase)
    try compiler.compile()
    ops = compiler.ops
    args = compiler.args
    if ops.first == .anyStar && !ignoresCase { prefix = literalPrefix() }
  }

  /// The UTF-8 of the `match` instructions right after the leading `.*`.
  private func literalPrefix() -> [UInt8] {
    var bytes: [UInt8] = []
    var index = 1
    while bytes.count < 10, index < ops.count, ops[index] == .match {
      let code = UInt32(bitPattern: args[index])
      if code <= 0x7f {
        bytes.append(UInt8(code))
      } else if code <= 0x7ff {
        bytes += [UInt8(0xc0 | (code >> 6)), UInt8(0x80 | (code & 0x3f))]
      } else if code <= 0xffff {
        bytes += [
          UInt8(0xe0 | (code >> 12)), UInt8(0x80 | ((code >> 6) & 0x3f)),
          UInt8(0x80 | (code & 0x3f)),
        ]
      } else {
        break
      }
      index += 1
    }
    if bytes.last == 0 { bytes.removeLast() }
    return bytes
  }
}

/// Why a pattern does not compile, worded as sqlite3 words it.
struct RegexError: Error {
  let message: String
}

/// Reads UTF-8 one code point at a time, as sqlite3's regexp does (malformed bytes give U+FFFD).
struct RegexInput {
  let bytes: [UInt8]
  var position = 0

  init(_ bytes: [UInt8]) {
    // The C extension sees NUL-terminated strings: text stops at the first zero byte.
    self.bytes = bytes.firstIndex(of: 0).map { Array(bytes[..<$0]) } ?? bytes
  }

  /// The byte at the read position, or 0 at the end.
  var peek: UInt8 { position < bytes.count ? bytes[position] : 0 }

  var isAtEnd: Bool { position >= bytes.count }

  /// The next code point (0 at the end), folding ASCII upper case when `foldCase`.
  mutating func next(foldCase: Bool) -> UInt32 {
    var code = decode()
    if foldCase, code >= 0x41, code <= 0x5a { code += 0x20 }
    return code
  }

  private mutating func decode() -> UInt32 {
    guard position < bytes.count else { return 0 }
    var code = UInt32(bytes[position])
    position += 1
    guard code >= 0x80 else { return code }
    func continuation(_ offset: Int) -> UInt32? {
      let index = position + offset
      guard index < bytes.count, bytes[index] & 0xc0 == 0x80 else { return nil }
      return UInt32(bytes[index] & 0x3f)
    }
    if code & 0xe0 == 0xc0, let b1 = continuation(0) {
      code = (code & 0x1f) << 6 | b1
      position += 1
      if code < 0x80 { code = 0xfffd }
    } else if code & 0xf0 == 0xe0, let b1 = continuation(0), let b2 = continuation(1) {
      code = (code & 0x0f) << 12 | b1 << 6 | b2
      position += 2
      if code <= 0x7ff || (0xd800...0xdfff).contains(code) { code = 0xfffd }
    } else if code & 0xf8 == 0xf0, let b1 = continuation(0), let b2 = continuation(1),
      let b3 = continuation(2)
    {
      code = (code & 0x07) << 18 | b1 << 12 | b2 << 6 | b3
      position += 3
      if code <= 0xffff || code > 0x10ffff { code = 0xfffd }
    } else {
      code = 0xfffd
    }
    return code
  }
}
