/// One lexical token of SQL text, as far as completion needs to know.
struct SQLToken: Equatable {
  /// What kind of text the token is.
  enum Kind: Equatable {
    /// A bare word: a keyword or an unquoted identifier.
    case word
    /// An identifier in `"…"`, `` `…` `` or `[…]`, with the quotes removed.
    case quotedIdentifier
    /// A string literal, its text unquoted (a savepoint may be named by one).
    case string
    /// A number literal.
    case number
    /// A bound parameter such as `:name`, `@name`, `$name` or `?1`.
    case parameter
    /// Any punctuation character: `.`, `,`, `(`, `)`, `;`, operators.
    case punctuation
  }

  /// The kind of token.
  var kind: Kind
  /// The token text (identifiers unquoted, keywords as typed).
  var text: String

  /// Whether this is the bare word `keyword`, compared case-insensitively.
  func isKeyword(_ keyword: String) -> Bool {
    kind == .word && text.uppercased() == keyword
  }

  /// Whether this token names something (a bare or quoted identifier).
  var isName: Bool { kind == .word || kind == .quotedIdentifier }

  /// Splits SQL text into tokens, skipping white space and comments; never fails.
  ///
  /// Unterminated strings, quoted identifiers and comments run to the end of the text.
  static func tokenize(_ text: String) -> [SQLToken] {
    scan(text).tokens
  }

  /// The unterminated quoted identifier `text` ends in, from its opening `"`, `` ` `` or `[`
  /// (`"my c` in `WHERE "my c`); `nil` when the end of `text` is not inside one.
  static func openQuotedIdentifier(atEndOf text: String) -> String? {
    guard let start = scan(text).openIdentifierStart else { return nil }
    return String(String.UnicodeScalarView(text.unicodeScalars.dropFirst(start)))
  }

  /// The tokens of `text`, and where an identifier quote left open at its end begins.
  private static func scan(_ text: String) -> (tokens: [SQLToken], openIdentifierStart: Int?) {
    let scalars = Array(text.unicodeScalars)
    var tokens: [SQLToken] = []
    var index = 0
    var openIdentifierStart: Int?
    var isClosed = true
    func scan(while predicate: (Unicode.Scalar) -> Bool) -> String {
      var result = String.UnicodeScalarView()
      while index < scalars.count, predicate(scalars[index]) {
        result.append(scalars[index])
        index += 1
      }
      return String(result)
    }
    func quoted(until close: Unicode.Scalar) -> String {
      index += 1
      isClosed = false
      var result = String.UnicodeScalarView()
      while index < scalars.count {
        let scalar = scalars[index]
        index += 1
        if scalar == close {
          if close != "]", index < scalars.count, scalars[index] == close {
            result.append(close)
            index += 1
            continue
          }
          isClosed = true
          break
        }
        result.append(scalar)
      }
      return String(result)
    }
    // What SQLite also takes into a `$` parameter's name: Tcl's `::` parts and one `(…)`.
    func tclSuffix() -> String {
      var suffix = ""
      while index + 1 < scalars.count, scalars[index] == ":", scalars[index + 1] == ":" {
        index += 2
        suffix += "::" + scan(while: isIdentifierPart)
      }
      guard index < scalars.count, scalars[index] == "(" else { return suffix }
      var end = index + 1
      while end < scalars.count, scalars[end] != ")", !scalars[end].properties.isWhitespace {
        end += 1
      }
      guard end < scalars.count, scalars[end] == ")" else { return suffix }
      suffix += String(String.UnicodeScalarView(scalars[index...end]))
      index = end + 1
      return suffix
    }
    while index < scalars.count {
      let scalar = scalars[index]
      let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
      switch scalar {
      case " ", "\t", "\n", "\r", "\u{0C}":
        index += 1
      case "-" where next == "-":
        _ = scan { $0 != "\n" }
      case "/" where next == "*":
        index += 2
        while index < scalars.count,
          !(scalars[index] == "*" && index + 1 < scalars.count && scalars[index + 1] == "/")
        {
          index += 1
        }
        index = min(index + 2, scalars.count)
      case "'":
        tokens.append(SQLToken(kind: .string, text: quoted(until: "'")))
      case "\"", "`", "[":
        let start = index
        let name = quoted(until: scalar == "[" ? "]" : scalar)
        tokens.append(SQLToken(kind: .quotedIdentifier, text: name))
        if !isClosed { openIdentifierStart = start }
      case ":", "@", "$", "?":
        index += 1
        var name = scan(while: isIdentifierPart)
        if scalar == "$" { name += tclSuffix() }
        tokens.append(SQLToken(kind: .parameter, text: String(scalar) + name))
      case _ where isDigit(scalar):
        tokens.append(SQLToken(kind: .number, text: scan { isIdentifierPart($0) || $0 == "." }))
      case _ where isIdentifierPart(scalar):
        tokens.append(SQLToken(kind: .word, text: scan(while: isIdentifierPart)))
      default:
        index += 1
        tokens.append(SQLToken(kind: .punctuation, text: String(scalar)))
      }
    }
    return (tokens, openIdentifierStart)
  }

  /// Whether a scalar may appear in an unquoted identifier (letters, digits, `_`, `$`, non-ASCII).
  static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F, 0x24: true
    case 0x80...: true
    default: false
    }
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x30 && scalar.value <= 0x39
  }
}
