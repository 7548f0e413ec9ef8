package import SQLiteCore

/// What a statement does to the transaction, read from its leading keywords.
///
/// Only the six statements that open or close transactions and savepoints matter here; every
/// other statement is `nil`. The parse is cheap: the first word is checked before anything is
/// tokenized, so ordinary statements cost a few byte comparisons.
package enum TransactionStatement: Sendable, Equatable {
  /// `BEGIN [DEFERRED|IMMEDIATE|EXCLUSIVE] [TRANSACTION]`.
  case begin(TransactionKind)
  /// `COMMIT` or `END`, with or without `TRANSACTION`.
  case commit
  /// `ROLLBACK [TRANSACTION]`: the whole transaction.
  case rollback
  /// `ROLLBACK [TRANSACTION] TO [SAVEPOINT] name`: back to the savepoint, which stays open.
  case rollbackTo(String)
  /// `SAVEPOINT name`.
  case savepoint(String)
  /// `RELEASE [SAVEPOINT] name`.
  case release(String)

  /// The transaction statement `statement` is, or `nil` for any other statement.
  ///
  /// Its text becomes a `String` only when it starts with one of the six keywords.
  package init?(_ statement: Statement) {
    let isCandidate =
      statement.withSQLText {
        Self.startsWithKeyword(UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self))
      } ?? false
    guard isCandidate else { return nil }
    self.init(sql: statement.sql)
  }

  /// The transaction statement the bytes `start..<end` of `text` are, or `nil` for any other.
  ///
  /// The range is one statement the iterator prepared: its first word ends inside it.
  init?(_ text: SQLText, from start: Int, to end: Int) {
    let isCandidate = text.withCString {
      Self.startsWithKeyword(UnsafeRawPointer($0 + start).assumingMemoryBound(to: UInt8.self))
    }
    guard isCandidate else { return nil }
    self.init(sql: String(decoding: text.bytes[start..<end], as: UTF8.self))
  }

  /// The transaction statement `sql` is, or `nil` for any other statement.
  package init?(sql: String) {
    let isCandidate = sql.withCString {
      Self.startsWithKeyword(UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self))
    }
    guard isCandidate else { return nil }
    let tokens = SQLToken.tokenize(sql).filter { $0.text != ";" || $0.kind != .punctuation }
    guard let parsed = Self.parse(ArraySlice(tokens)) else { return nil }
    self = parsed
  }

  private static func parse(_ tokens: ArraySlice<SQLToken>) -> TransactionStatement? {
    guard let first = tokens.first, first.kind == .word else { return nil }
    var rest = tokens.dropFirst()
    func skip(_ keyword: String) {
      if rest.first?.isKeyword(keyword) ?? false { rest = rest.dropFirst() }
    }
    func name() -> String? {
      guard let token = rest.first, token.isName || token.kind == .string else { return nil }
      return token.text
    }
    switch first.text.uppercased() {
    case "BEGIN":
      let kind = rest.first.flatMap { TransactionKind(rawValue: $0.text.lowercased()) }
      return .begin(kind ?? .deferred)
    case "COMMIT", "END":
      return .commit
    case "ROLLBACK":
      skip("TRANSACTION")
      guard rest.first?.isKeyword("TO") ?? false else { return .rollback }
      rest = rest.dropFirst()
      skip("SAVEPOINT")
      return name().map { .rollbackTo($0) }
    case "SAVEPOINT":
      return name().map { .savepoint($0) }
    case "RELEASE":
      skip("SAVEPOINT")
      return name().map { .release($0) }
    default:
      return nil
    }
  }

  /// `word`'s first eight letters packed into an integer, first letter highest.
  private static func code(_ word: StaticString) -> UInt64 {
    UnsafeBufferPointer(start: word.utf8Start, count: min(word.utf8CodeUnitCount, 8))
      .reduce(0) { $0 << 8 | UInt64($1) }
  }

  private static let beginCode = code("BEGIN")
  private static let commitCode = code("COMMIT")
  private static let endCode = code("END")
  private static let rollbackCode = code("ROLLBACK")
  private static let releaseCode = code("RELEASE")
  private static let savepointCode = code("SAVEPOINT")

  /// Whether NUL-terminated `text` starts (after white space and comments) with BEGIN, COMMIT,
  /// END, ROLLBACK, RELEASE or SAVEPOINT, in any case.
  ///
  /// Reads no further than the first word and allocates nothing: this runs for every statement.
  static func startsWithKeyword(_ text: UnsafePointer<UInt8>) -> Bool {
    var index = skipSpaceAndComments(text)
    // Most statements are ruled out by their first letter, before the word is read.
    switch text[index] & 0xDF {
    case UInt8(ascii: "B"), UInt8(ascii: "C"), UInt8(ascii: "E"), UInt8(ascii: "R"),
      UInt8(ascii: "S"):
      break
    default:
      return false
    }
    var code: UInt64 = 0
    var length = 0
    while case let upper = text[index] & 0xDF, (0x41...0x5A).contains(upper) {
      guard length < 9 else { return false }
      if length < 8 { code = code << 8 | UInt64(upper) }
      length += 1
      index += 1
    }
    switch length {
    case 3: return code == endCode
    case 5: return code == beginCode
    case 6: return code == commitCode
    case 7: return code == releaseCode
    case 8: return code == rollbackCode
    case 9: return code == savepointCode && text[index - 1] & 0xDF == UInt8(ascii: "T")
    default: return false
    }
  }

  /// The index of the first byte after leading white space and comments.
  private static func skipSpaceAndComments(_ text: UnsafePointer<UInt8>) -> Int {
    var index = 0
    while text[index] != 0 {
      let byte = text[index]
      if byte == 0x20 || (0x09...0x0D).contains(byte) {
        index += 1
      } else if byte == UInt8(ascii: "-") && text[index + 1] == UInt8(ascii: "-") {
        while text[index] != 0 && text[index] != 0x0A { index += 1 }
      } else if byte == UInt8(ascii: "/") && text[index + 1] == UInt8(ascii: "*") {
        index += 2
        while text[index] != 0
          && !(text[index] == UInt8(ascii: "*") && text[index + 1] == UInt8(ascii: "/"))
        {
          index += 1
        }
        if text[index] != 0 { index += 2 }
      } else {
        break
      }
    }
    return index
  }
}
