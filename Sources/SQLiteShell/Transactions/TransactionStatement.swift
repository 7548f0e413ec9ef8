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

  /// The transaction statement `sql` is, or `nil` for any other statement.
  public init?(sql: String) {
    guard let first = Self.firstWord(of: sql), Self.leadingWords.contains(first) else {
      return nil
    }
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

  /// The first word of `sql` in upper case, after white space and comments; `nil` when the
  /// text starts with anything else or the word is longer than any keyword of interest.
  static func firstWord(of sql: String) -> String? {
    var bytes = sql.utf8[...]
    while let byte = bytes.first {
      if byte == 0x20 || (0x09...0x0D).contains(byte) {
        bytes = bytes.dropFirst()
      } else if bytes.starts(with: "--".utf8) {
        bytes = bytes.drop { $0 != 0x0A }
      } else if bytes.starts(with: "/*".utf8) {
        bytes = bytes.dropFirst(2)
        while !bytes.isEmpty && !bytes.starts(with: "*/".utf8) { bytes = bytes.dropFirst() }
        bytes = bytes.dropFirst(2)
      } else {
        break
      }
    }
    var word: [UInt8] = []
    for byte in bytes {
      let upper = byte & 0xDF
      guard upper >= 0x41 && upper <= 0x5A else { break }
      guard word.count < 9 else { return nil }
      word.append(upper)
    }
    return word.isEmpty ? nil : String(decoding: word, as: UTF8.self)
  }
}
