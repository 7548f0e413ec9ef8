/// One SQLite value: the five storage classes.
///
/// Related SQLite documentation: <https://www.sqlite.org/datatype3.html>
public enum Value: Sendable, Hashable {
  /// SQL `NULL`.
  case null
  /// A 64-bit signed integer.
  case integer(Int64)
  /// An IEEE 754 double.
  case real(Double)
  /// UTF-8 text; may contain NUL characters.
  case text(String)
  /// Raw bytes; may be empty.
  case blob([UInt8])

  /// The storage class of this value.
  public var storageClass: StorageClass {
    switch self {
    case .null: .null
    case .integer: .integer
    case .real: .real
    case .text: .text
    case .blob: .blob
    }
  }

  /// Whether this value is SQL `NULL`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }
}

/// The storage class of a value, as `sqlite3_column_type` reports it.
public enum StorageClass: String, Sendable, Hashable, CustomStringConvertible {
  /// `SQLITE_INTEGER`.
  case integer = "INTEGER"
  /// `SQLITE_FLOAT`.
  case real = "REAL"
  /// `SQLITE_TEXT`.
  case text = "TEXT"
  /// `SQLITE_BLOB`.
  case blob = "BLOB"
  /// `SQLITE_NULL`.
  case null = "NULL"

  /// The SQL name of the storage class.
  public var description: String { rawValue }
}

extension Value: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByStringLiteral, ExpressibleByBooleanLiteral
{
  /// `nil` is SQL `NULL`.
  public init(nilLiteral: ()) { self = .null }
  /// An integer literal is an `.integer`.
  public init(integerLiteral value: Int64) { self = .integer(value) }
  /// A float literal is a `.real`.
  public init(floatLiteral value: Double) { self = .real(value) }
  /// A string literal is `.text`.
  public init(stringLiteral value: String) { self = .text(value) }
  /// `true` and `false` are the integers 1 and 0, as in SQLite.
  public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}

extension Value: CustomStringConvertible {
  /// A debugging spelling: `NULL`, `42`, `1.5`, `'text'`, `x'00ff'`.
  public var description: String {
    switch self {
    case .null: "NULL"
    case .integer(let value): String(value)
    case .real(let value): String(value)
    case .text(let value): "'" + value.replacingAll("'", with: "''") + "'"
    case .blob(let bytes): "x'" + bytes.hexString + "'"
    }
  }
}

extension Array where Element == UInt8 {
  /// Lower-case hexadecimal digits of the bytes.
  var hexString: String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(count * 2)
    for byte in self {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}

extension String {
  /// Replaces every occurrence of `target` without Foundation.
  func replacingAll(_ target: Character, with replacement: String) -> String {
    guard contains(target) else { return self }
    var out = ""
    out.reserveCapacity(utf8.count + 8)
    for character in self {
      if character == target { out += replacement } else { out.append(character) }
    }
    return out
  }
}
