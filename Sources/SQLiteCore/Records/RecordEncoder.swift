import CSQLite

/// Binds the stored properties of an `Encodable` value to a statement's named parameters.
///
/// One encoder serves one ``RecordPlan`` (a record type with one SQL text), as the row decoder
/// serves one query: it learns the parameter of each coding key from the first record, in the
/// order `encode(to:)` gives them, and afterwards only checks that the key at each position is
/// the same one. Values are bound straight from their Swift types; a property whose type is
/// ``ValueConvertible`` (`Date`, `UUID`, `Data`, `URL`, `[UInt8]`, ...) binds as that type says.
/// A property no parameter names is skipped; a parameter no property fills is an error.
final class RecordEncoder: Encoder {
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  // Only this encoder's own calls touch these, one record at a time.
  /// The parameter of each coding key (0: none).
  @exclusivity(unchecked) private var keySlots = CodingKeySlots()
  /// The statement being bound, `nil` while only the property names are collected.
  ///
  /// Unretained: it is set only inside `bind(_:to:)`, whose caller holds it, and each property
  /// borrows it (no retain and release per property).
  @exclusivity(unchecked) private var statement: Unmanaged<Statement>?
  @exclusivity(unchecked) private(set) var names: [String] = []
  /// The record each parameter was last bound for, to count each parameter once (a buffer of
  /// its own: an array would check it is unique on every write).
  @exclusivity(unchecked) private var stamps = UnsafeMutableBufferPointer<UInt32>(
    start: nil, count: 0)
  @exclusivity(unchecked) private var generation: UInt32 = 0
  @exclusivity(unchecked) private var boundCount = 0
  /// Why the record cannot bind (a nested object or array), thrown once it is encoded.
  @exclusivity(unchecked) var failure: SQLiteError?
  /// Whether this encoder only swallows what a nested container is given.
  private let isIgnoring: Bool
  /// The keyed container handed out last (an `EncodingContainerBox<KeyedEncodingContainer<Key>>`).
  private var container: AnyObject?
  private var containerKey: ObjectIdentifier?

  init(ignoring: Bool = false) { isIgnoring = ignoring }

  deinit { stamps.deallocate() }

  /// The names of the properties `record` encodes, in order.
  static func propertyNames<R: Encodable>(of record: R) throws -> [String] {
    let encoder = RecordEncoder()
    try record.encode(to: encoder)
    if let failure = encoder.failure { throw failure }
    return encoder.names
  }

  /// Binds `record` to the parameters of `statement` (the SQL this encoder has served so far).
  func bind<R: Encodable>(_ record: R, to statement: Statement) throws {
    self.statement = Unmanaged.passUnretained(statement)
    defer { self.statement = nil }
    keySlots.restart()
    boundCount = 0
    generation &+= 1
    if generation == 0 {
      stamps.update(repeating: 0)
      generation = 1
    }
    let count = statement.parameterCount
    if stamps.count <= count {
      stamps.deallocate()
      stamps = .allocate(capacity: count + 1)
      stamps.initialize(repeating: 0)
    }
    try record.encode(to: self)
    if let failure {
      self.failure = nil
      throw failure
    }
    if boundCount != count { throw missingParameter(in: statement, count: count) }
  }

  private func missingParameter(in statement: Statement, count: Int) -> SQLiteError {
    for index in stride(from: 1, through: count, by: 1) where stamps[index] != generation {
      let name = statement.parameterNames[index - 1] ?? "?"
      return SQLiteError.misuse(
        "the record has no property for parameter \(name)", sql: statement.sql)
    }
    return SQLiteError.misuse("the record did not bind every parameter", sql: statement.sql)
  }

  /// Binds the value of the property `key` with `body`, when a parameter names it.
  @inline(__always)
  func bind<Key: CodingKey>(
    _ key: Key, _ body: (Statement, Int) throws(SQLiteError) -> Void
  ) throws(SQLiteError) {
    if isIgnoring { return }
    guard let statement else {
      names.append(key.stringValue)
      return
    }
    let outcome = statement._withUnsafeGuaranteedRef { statement -> Result<Int, SQLiteError> in
      let parameter = self.parameter(for: key, in: statement)
      guard parameter > 0 else { return .success(0) }
      do throws(SQLiteError) {
        try body(statement, parameter)
      } catch {
        return .failure(error)
      }
      return .success(parameter)
    }
    let parameter = try outcome.get()
    guard parameter > 0 else { return }
    if stamps[parameter] != generation {
      stamps[parameter] = generation
      boundCount &+= 1
    }
  }

  /// The parameter of a coding key: the learned one when the key at this position is unchanged.
  @inline(__always)
  private func parameter<Key: CodingKey>(for key: Key, in statement: Statement) -> Int {
    keySlots.slot(for: key) { statement.resolveParameter($0) ?? 0 } ?? 0
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if containerKey == ObjectIdentifier(type), let container {
      return unsafeDowncast(container, to: EncodingContainerBox<KeyedEncodingContainer<Key>>.self)
        .value()
    }
    return makeContainer(keyedBy: type).value()
  }

  /// A new box for the container of `Key`, kept for the next records.
  ///
  /// Apart from `container(keyedBy:)` so that its reuse path makes no room for a new container
  /// (which asks the runtime for the container type's metadata on every call).
  @inline(never)
  private func makeContainer<Key: CodingKey>(
    keyedBy type: Key.Type
  ) -> EncodingContainerBox<KeyedEncodingContainer<Key>> {
    let box = EncodingContainerBox(KeyedEncodingContainer(RecordKeyedContainer<Key>(encoder: self)))
    container = box
    containerKey = ObjectIdentifier(type)
    return box
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    fail("a record binds as a keyed type (a struct), not an array")
    return IgnoringEncodingContainer()
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    fail("a record binds as a keyed type (a struct), not a single value")
    return IgnoringEncodingContainer()
  }

  /// Records the first reason the record cannot bind.
  func fail(_ message: String) {
    if failure == nil { failure = SQLiteError(code: .mismatch, message: message) }
  }

  /// Drops the reused container, which refers back to this encoder.
  func finish() {
    container = nil
    containerKey = nil
  }
}

/// Holds a keyed container so the encoder can keep it across records.
///
/// Generic over the container's whole type, not its key: `value()` then copies it with the
/// type the box's own metadata names, where a `KeyedEncodingContainer<Key>` read in the
/// encoder's generic code asks the runtime for that type's metadata (a hashed lookup) on every
/// record.
final class EncodingContainerBox<Container> {
  private let container: Container
  init(_ container: Container) { self.container = container }
  @inline(never)
  func value() -> Container { container }
}

struct RecordKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: RecordEncoder
  var codingPath: [any CodingKey] { [] }

  func encodeNil(forKey key: Key) throws {
    try encoder.bind(key) { statement, index throws(SQLiteError) in
      try statement.bind(.null, at: index)
    }
  }

  @inline(__always)
  private func bind(_ value: some ValueConvertible, forKey key: Key) throws {
    try encoder.bind(key) { statement, index throws(SQLiteError) in
      try value.bind(to: statement, at: index)
    }
  }

  func encode(_ value: Bool, forKey key: Key) throws {
    try bind(value ? 1 : 0 as Int64, forKey: key)
  }
  func encode(_ value: String, forKey key: Key) throws { try bind(value, forKey: key) }
  func encode(_ value: Double, forKey key: Key) throws { try bind(value, forKey: key) }
  func encode(_ value: Float, forKey key: Key) throws { try bind(Double(value), forKey: key) }
  func encode(_ value: Int, forKey key: Key) throws { try bind(Int64(value), forKey: key) }
  func encode(_ value: Int8, forKey key: Key) throws { try bind(Int64(value), forKey: key) }
  func encode(_ value: Int16, forKey key: Key) throws { try bind(Int64(value), forKey: key) }
  func encode(_ value: Int32, forKey key: Key) throws { try bind(Int64(value), forKey: key) }
  func encode(_ value: Int64, forKey key: Key) throws { try bind(value, forKey: key) }
  func encode(_ value: UInt, forKey key: Key) throws { try encodeUnsigned(UInt64(value), key) }
  func encode(_ value: UInt8, forKey key: Key) throws { try bind(Int64(value), forKey: key) }
  func encode(_ value: UInt16, forKey key: Key) throws { try bind(Int64(value), forKey: key) }
  func encode(_ value: UInt32, forKey key: Key) throws { try bind(Int64(value), forKey: key) }
  func encode(_ value: UInt64, forKey key: Key) throws { try encodeUnsigned(value, key) }

  private func encodeUnsigned(_ value: UInt64, _ key: Key) throws {
    guard let signed = Int64(exactly: value) else {
      throw SQLiteError(
        code: .mismatch,
        message: "property \"\(key.stringValue)\": \(value) does not fit in an SQLite integer")
    }
    try bind(signed, forKey: key)
  }

  func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    if let convertible = value as? any ValueConvertible {
      try encoder.bind(key) { statement, index throws(SQLiteError) in
        try convertible.bind(to: statement, at: index)
      }
      return
    }
    let captured = try SingleValueCapture.value(of: value, property: key.stringValue)
    try encoder.bind(key) { statement, index throws(SQLiteError) in
      try statement.bind(captured, at: index)
    }
  }

  // A nil optional binds NULL: the default implementations would skip the property, leaving
  // its parameter unbound.
  func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try optional(value, key) }
  func encodeIfPresent(_ value: String?, forKey key: Key) throws { try optional(value, key) }
  func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try optional(value, key) }
  func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try optional(value, key) }
  func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try optional(value, key) }
  func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try optional(value, key) }
  func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try optional(value, key) }
  func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try optional(value, key) }
  func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try optional(value, key) }
  func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try optional(value, key) }
  func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try optional(value, key) }
  func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try optional(value, key) }
  func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try optional(value, key) }
  func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try optional(value, key) }
  func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
    try optional(value, key)
  }

  @inline(__always)
  private func optional<T: Encodable>(_ value: T?, _ key: Key) throws {
    if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    encoder.fail(SingleValueCapture.nested(key.stringValue))
    return KeyedEncodingContainer(
      RecordKeyedContainer<NestedKey>(encoder: RecordEncoder(ignoring: true)))
  }

  func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    encoder.fail(SingleValueCapture.nested(key.stringValue))
    return IgnoringEncodingContainer()
  }

  func superEncoder() -> any Encoder { encoder }
  func superEncoder(forKey key: Key) -> any Encoder { encoder }
}
