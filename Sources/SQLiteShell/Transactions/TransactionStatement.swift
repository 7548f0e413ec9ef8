public import SQLiteCore

/// What a statement does to the transaction, read from its leading keywords.
///
/// Only the six statements that open or close transactions and savepoints matter here; every
/// other statement is `nil`. The parse is cheap: the first word is checked before anything is
/// tokenized, so ordinary statements cost a few byte comparisons.
public enum TransactionStatement: Sendable, Equatable {
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

  private static let leadingWords: Set<String> = [
    "BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE",
  ]

  /// The transaction statement `statement` is, or `nil` for any other statement.
  ///
  /// Its text becomes a `String` only when it starts with one of the six keywords.
  public init?(_ statement: Statement) {
    let isCandidate =
      statement.withSQLText { text in
        Self.firstWord(of: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self))
          .map(Self.leadingWords.contains) ?? false
      } ?? false
    guard isCandidate else { return nil }
    self.init(sql: statement.sql)
  }

  /// The transaction statement `sql` is, or `nil` for any other statement.
  public init?(sql: String) {
    let first = sql.withCString {
      Self.firstWord(of: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self))
    }
    guard let first, Self.leadingWords.contains(first) else { return nil }
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

  /// The first word of NUL-terminated `text` in upper case, after white space and comments.
  ///
  /// `nil` when the text starts with anything else or the word is longer than any keyword of
  /// interest. Reads no further than that word.
  static func firstWord(of text: UnsafePointer<UInt8>) -> String? {
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
    let start = index
    while (0x41...0x5A).contains(text[index] & 0xDF) {
      guard index - start < 9 else { return nil }
      index += 1
    }
    let length = index - start
    guard length > 0 else { return nil }
    // At most nine bytes: a small string, made without allocating.
    return String(unsafeUninitializedCapacity: length) { buffer in
      for position in 0..<length { buffer[position] = text[start + position] & 0xDF }
      return length
    }
  }
}
