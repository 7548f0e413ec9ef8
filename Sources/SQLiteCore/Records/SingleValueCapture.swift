/// Encodes one property that is not ``ValueConvertible`` into one ``Value``: an enum with a raw
/// value, a wrapper that encodes a single value.
///
/// An object or an array cannot go in one column: that is an error naming the property (store
/// it as JSON text yourself, or in a table of its own).
struct SingleValueCapture: Encoder, SingleValueEncodingContainer {
  private final class Result {
    var value: Value?
    let failing = RecordEncoder(ignoring: true)
  }

  let property: String
  private let result = Result()
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// The value `value` encodes, for the property named `property`.
  static func value<T: Encodable>(of value: T, property: String) throws -> Value {
    let capture = SingleValueCapture(property: property)
    try value.encode(to: capture)
    if let failure = capture.result.failing.failure { throw failure }
    guard let captured = capture.result.value else {
      throw SQLiteError(
        code: .mismatch, message: "property \"\(property)\" encoded no value")
    }
    return captured
  }

  static func nested(_ property: String) -> String {
    "property \"\(property)\" holds an object or an array, which no column can: store it as JSON text or in a table of its own"
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    result.failing.fail(Self.nested(property))
    return KeyedEncodingContainer(RecordKeyedContainer<Key>(encoder: result.failing))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    result.failing.fail(Self.nested(property))
    return IgnoringEncodingContainer()
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { self }

  private func store(_ value: Value) { result.value = value }

  func encodeNil() { store(.null) }
  func encode(_ value: Bool) { store(.integer(value ? 1 : 0)) }
  func encode(_ value: String) { store(.text(value)) }
  func encode(_ value: Double) { store(.real(value)) }
  func encode(_ value: Float) { store(.real(Double(value))) }
  func encode(_ value: Int) { store(.integer(Int64(value))) }
  func encode(_ value: Int8) { store(.integer(Int64(value))) }
  func encode(_ value: Int16) { store(.integer(Int64(value))) }
  func encode(_ value: Int32) { store(.integer(Int64(value))) }
  func encode(_ value: Int64) { store(.integer(value)) }
  func encode(_ value: UInt) throws { try encode(UInt64(value)) }
  func encode(_ value: UInt8) { store(.integer(Int64(value))) }
  func encode(_ value: UInt16) { store(.integer(Int64(value))) }
  func encode(_ value: UInt32) { store(.integer(Int64(value))) }
  func encode(_ value: UInt64) throws {
    guard let signed = Int64(exactly: value) else {
      throw SQLiteError(
        code: .mismatch,
        message: "property \"\(property)\": \(value) does not fit in an SQLite integer")
    }
    store(.integer(signed))
  }

  func encode<T: Encodable>(_ value: T) throws {
    if let convertible = value as? any ValueConvertible {
      store(convertible.sqliteValue)
    } else {
      try value.encode(to: self)
    }
  }
}

/// Swallows what is encoded into a container that cannot bind; the encoder has recorded why.
struct IgnoringEncodingContainer: UnkeyedEncodingContainer, SingleValueEncodingContainer {
  var codingPath: [any CodingKey] { [] }
  var count: Int { 0 }

  func encodeNil() {}
  func encode(_ value: Bool) {}
  func encode(_ value: String) {}
  func encode(_ value: Double) {}
  func encode(_ value: Float) {}
  func encode(_ value: Int) {}
  func encode(_ value: Int8) {}
  func encode(_ value: Int16) {}
  func encode(_ value: Int32) {}
  func encode(_ value: Int64) {}
  func encode(_ value: UInt) {}
  func encode(_ value: UInt8) {}
  func encode(_ value: UInt16) {}
  func encode(_ value: UInt32) {}
  func encode(_ value: UInt64) {}
  func encode<T: Encodable>(_ value: T) {}

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    KeyedEncodingContainer(RecordKeyedContainer<NestedKey>(encoder: RecordEncoder(ignoring: true)))
  }

  func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
  func superEncoder() -> any Encoder { SingleValueCapture(property: "") }
}
