/// A Swift type that converts to and from an SQLite ``Value``.
///
/// Conformances ship for `Int`, `Int64`, `Int32`, `UInt32`, `Double`, `Float`, `Bool`,
/// `String`, `[UInt8]` (blobs), `Optional` and `Value` itself.
public protocol ValueConvertible {
  /// The value to bind for this Swift value.
  var sqliteValue: Value { get }
  /// Converts a database value, or returns `nil` when the value cannot represent `Self`.
  static func fromSQLite(_ value: Value) -> Self?
  /// Binds this value to the parameter at `index` (from 1) of `statement`.
  ///
  /// The default binds ``sqliteValue``; the numeric types and `String` bind directly.
  func bind(to statement: Statement, at index: Int) throws(SQLiteError)
}

extension Value: ValueConvertible {
  /// The value itself.
  public var sqliteValue: Value { self }
  /// Any value converts to itself.
  public static func fromSQLite(_ value: Value) -> Value? { value }
}

extension Int64: ValueConvertible {
  /// An `.integer`.
  public var sqliteValue: Value { .integer(self) }
  /// From an integer, or a real with no fractional part that fits.
  public static func fromSQLite(_ value: Value) -> Int64? {
    switch value {
    case .integer(let integer): return integer
    case .real(let real): return Int64(exactly: real)
    default: return nil
    }
  }
}

extension Int: ValueConvertible {
  /// An `.integer`.
  public var sqliteValue: Value { .integer(Int64(self)) }
  /// From a value that converts to `Int64` and fits.
  public static func fromSQLite(_ value: Value) -> Int? {
    Int64.fromSQLite(value).flatMap { Int(exactly: $0) }
  }
}

extension Int32: ValueConvertible {
  /// An `.integer`.
  public var sqliteValue: Value { .integer(Int64(self)) }
  /// From a value that converts to `Int64` and fits.
  public static func fromSQLite(_ value: Value) -> Int32? {
    Int64.fromSQLite(value).flatMap { Int32(exactly: $0) }
  }
}

extension UInt32: ValueConvertible {
  /// An `.integer`.
  public var sqliteValue: Value { .integer(Int64(self)) }
  /// From a value that converts to `Int64` and fits.
  public static func fromSQLite(_ value: Value) -> UInt32? {
    Int64.fromSQLite(value).flatMap { UInt32(exactly: $0) }
  }
}

extension Double: ValueConvertible {
  /// A `.real`.
  public var sqliteValue: Value { .real(self) }
  /// From a real or an integer.
  public static func fromSQLite(_ value: Value) -> Double? {
    switch value {
    case .real(let real): real
    case .integer(let integer): Double(integer)
    default: nil
    }
  }
}

extension Float: ValueConvertible {
  /// A `.real`.
  public var sqliteValue: Value { .real(Double(self)) }
  /// From a real or an integer.
  public static func fromSQLite(_ value: Value) -> Float? {
    Double.fromSQLite(value).map(Float.init)
  }
}

extension Bool: ValueConvertible {
  /// The integer 1 or 0.
  public var sqliteValue: Value { .integer(self ? 1 : 0) }
  /// From an integer: zero is `false`, anything else `true`.
  public static func fromSQLite(_ value: Value) -> Bool? {
    if case .integer(let integer) = value { return integer != 0 }
    return nil
  }
}

extension String: ValueConvertible {
  /// A `.text`.
  public var sqliteValue: Value { .text(self) }
  /// From text only.
  public static func fromSQLite(_ value: Value) -> String? {
    if case .text(let text) = value { return text }
    return nil
  }
}

extension Array: ValueConvertible where Element == UInt8 {
  /// A `.blob`.
  public var sqliteValue: Value { .blob(self) }
  /// From a blob, or text as its UTF-8 bytes.
  public static func fromSQLite(_ value: Value) -> [UInt8]? {
    switch value {
    case .blob(let bytes): bytes
    case .text(let text): Array(text.utf8)
    default: nil
    }
  }
}

extension Optional: ValueConvertible where Wrapped: ValueConvertible {
  /// `NULL` for `nil`, else the wrapped value's.
  public var sqliteValue: Value { self?.sqliteValue ?? .null }
  /// `NULL` is `.some(nil)`; anything else must convert to `Wrapped`.
  public static func fromSQLite(_ value: Value) -> Wrapped?? {
    if case .null = value { return .some(nil) }
    return Wrapped.fromSQLite(value).map { .some($0) }
  }
}
