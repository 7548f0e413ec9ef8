import CSQLite

/// Decodes rows of one statement into `Decodable` values, one column per coding key.
///
/// One decoder serves a whole query. It learns the column of each coding key from the first
/// row, in the order `init(from:)` asks for them, and afterwards only checks that the key at
/// each position is the same one instead of looking the name up: by the key's bits when its
/// type is a plain value of at most 8 bytes (a synthesized `CodingKeys` enum), by its name
/// otherwise. The keyed container is made once per key type and reused for every row, and
/// each column is read through one `sqlite3_column_value` (its type and value from that).
@usableFromInline
final class RowDecoder: Decoder {
  let statement: Statement
  let columns: ColumnNames
  @usableFromInline var codingPath: [any CodingKey] { [] }
  @usableFromInline var userInfo: [CodingUserInfoKey: Any] { [:] }
  // Only this decoder's own row loop touches these: skip the runtime exclusivity checks.
  @exclusivity(unchecked) private var keySlots = CodingKeySlots()
  /// The statement's handle, checked open at the start of each row.
  @exclusivity(unchecked) private(set) var handle: OpaquePointer
  private var container: AnyObject?
  private var containerKey: ObjectIdentifier?

  @usableFromInline
  init(statement: Statement) {
    self.statement = statement
    self.columns = statement.columns
    self.handle = statement.handle
  }

  /// Decodes the statement's current row.
  @usableFromInline
  func decodeRow<T: Decodable>(_ type: T.Type) throws -> T {
    keySlots.restart()
    handle = statement.live
    return try T(from: self)
  }

  /// Drops the reused container, which refers back to this decoder.
  @usableFromInline
  func finish() {
    container = nil
    containerKey = nil
  }

  /// The current row's value of a column, for `sqlite3_value_*` reads during this row only.
  @inline(__always)
  func columnValue(at index: Int) -> OpaquePointer {
    // Never nil for a statement with a row: an index outside the row gives SQLite's NULL value.
    guard let value = sqlite3_column_value(handle, Int32(index)) else {
      preconditionFailure("SQLiteCore: no value for column \(index)")
    }
    return value
  }

  /// The column of a coding key: the learned one when the key at this position is unchanged.
  @inline(__always)
  func column<Key: CodingKey>(for key: Key) -> Int? {
    keySlots.slot(for: key) { columns.index(of: $0) }
  }

  @usableFromInline
  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    let key = ObjectIdentifier(type)
    if containerKey == key, let container {
      return unsafeDowncast(container, to: ContainerBox<Key>.self).container
    }
    let box = ContainerBox(KeyedDecodingContainer(RowKeyedContainer<Key>(decoder: self)))
    container = box
    containerKey = key
    return box.container
  }

  @usableFromInline
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw SQLiteError(code: .mismatch, message: "a row decodes into a keyed type, not an array")
  }

  @usableFromInline
  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    guard statement.columnCount == 1 else {
      throw SQLiteError(
        code: .mismatch,
        message:
          "a single value decodes from a one-column row, not \(statement.columnCount) columns")
    }
    return ValueDecoder(
      value: statement.value(at: 0), column: statement.columnName(at: 0), index: 0)
  }
}

/// Holds a keyed container so the decoder can keep it across rows.
private final class ContainerBox<Key: CodingKey> {
  let container: KeyedDecodingContainer<Key>
  init(_ container: KeyedDecodingContainer<Key>) { self.container = container }
}

private struct RowKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: RowDecoder
  var statement: Statement { decoder.statement }
  var columns: ColumnNames { decoder.columns }
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { columns.names.compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { decoder.column(for: key) != nil }

  @inline(__always)
  private func index(_ key: Key) throws(SQLiteError) -> Int {
    guard let index = decoder.column(for: key) else {
      throw SQLiteError(
        code: .range,
        message:
          "no column named \"\(key.stringValue)\" in the row (columns: \(columns.names.joined(separator: ", ")))"
      )
    }
    return index
  }

  /// The column of `key` and its value in the current row, with the value's SQLite type.
  @inline(__always)
  private func column(_ key: Key) throws(SQLiteError) -> (
    index: Int, value: OpaquePointer, type: Int32
  ) {
    let index = try index(key)
    let value = decoder.columnValue(at: index)
    return (index, value, sqlite3_value_type(value))
  }

  private func mismatch(_ key: Key, _ index: Int, _ type: Any.Type) -> SQLiteError {
    Row.mismatch(statement.value(at: index), column: key.stringValue, index: index, type)
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    try column(key).type == SQLITE_NULL
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    let column = try column(key)
    guard column.type == SQLITE_INTEGER else { throw mismatch(key, column.index, type) }
    return sqlite3_value_int64(column.value) != 0
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    let column = try column(key)
    guard column.type == SQLITE_TEXT else { throw mismatch(key, column.index, type) }
    let bytes = sqlite3_value_text(column.value)
    let count = Int(sqlite3_value_bytes(column.value))
    return String(textBytes: UnsafeBufferPointer(start: bytes, count: count))
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    let column = try column(key)
    switch column.type {
    case SQLITE_FLOAT, SQLITE_INTEGER: return sqlite3_value_double(column.value)
    default: throw mismatch(key, column.index, type)
    }
  }

  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    Float(try decode(Double.self, forKey: key))
  }

  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try int64(key, try column(key), type)
  }

  @inline(__always)
  private func int64(
    _ key: Key, _ column: (index: Int, value: OpaquePointer, type: Int32), _ type: Any.Type
  ) throws(SQLiteError) -> Int64 {
    switch column.type {
    case SQLITE_INTEGER: return sqlite3_value_int64(column.value)
    case SQLITE_FLOAT:
      if let exact = Int64(exactly: sqlite3_value_double(column.value)) { return exact }
      throw mismatch(key, column.index, type)
    default: throw mismatch(key, column.index, type)
    }
  }

  private func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, forKey key: Key) throws -> T {
    let column = try column(key)
    let wide = try int64(key, column, type)
    guard let narrow = T(exactly: wide) else { throw mismatch(key, column.index, type) }
    return narrow
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try decodeInteger(type, forKey: key)
  }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try decodeInteger(type, forKey: key)
  }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try decodeInteger(type, forKey: key)
  }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try decodeInteger(type, forKey: key)
  }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try decodeInteger(type, forKey: key)
  }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try decodeInteger(type, forKey: key)
  }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try decodeInteger(type, forKey: key)
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try decodeInteger(type, forKey: key)
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try decodeInteger(type, forKey: key)
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    let index = try index(key)
    let value = statement.value(at: index)
    // A ValueConvertible type (Date, UUID, [UInt8], Value, ...) converts as it says it does.
    if let converted = convertedValue(type, value) {
      guard let converted else { throw mismatch(key, index, type) }
      return converted
    }
    let decoder = ValueDecoder(value: value, column: key.stringValue, index: index)
    do {
      return try T(from: decoder)
    } catch let error as SQLiteError {
      throw error
    } catch {
      // For example an enum's init(from:) rejecting an unknown raw value: name the column.
      throw SQLiteError(
        code: .mismatch,
        message:
          "column \"\(key.stringValue)\" (index \(index)): cannot decode \(value.storageClass) value \(value) as \(T.self)"
      )
    }
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    throw SQLiteError(
      code: .mismatch, message: "column \"\(key.stringValue)\" cannot hold a nested object")
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    throw SQLiteError(
      code: .mismatch, message: "column \"\(key.stringValue)\" cannot hold an array")
  }

  func superDecoder() throws -> any Decoder { decoder }
  func superDecoder(forKey key: Key) throws -> any Decoder { decoder }
}

/// Decodes one database value: enums with raw values and other single-value types.
struct ValueDecoder: Decoder, SingleValueDecodingContainer {
  let value: Value
  let column: String
  let index: Int
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    throw SQLiteError(code: .mismatch, message: "column \"\(column)\" cannot hold a nested object")
  }
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw SQLiteError(code: .mismatch, message: "column \"\(column)\" cannot hold an array")
  }
  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  func decodeNil() -> Bool { value.isNull }

  private func convert<T: ValueConvertible>(_ type: T.Type) throws -> T {
    try Row.convert(value, column: column, index: index)
  }

  func decode(_ type: Bool.Type) throws -> Bool { try convert(type) }
  func decode(_ type: String.Type) throws -> String { try convert(type) }
  func decode(_ type: Double.Type) throws -> Double { try convert(type) }
  func decode(_ type: Float.Type) throws -> Float { try convert(type) }
  func decode(_ type: Int.Type) throws -> Int { try convert(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try convert(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try convert(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try convert(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try narrow(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try narrow(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try narrow(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try narrow(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try narrow(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try narrow(type) }

  private func narrow<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
    let wide: Int64 = try convert(Int64.self)
    guard let result = T(exactly: wide) else {
      throw SQLiteError(
        code: .mismatch,
        message: "column \"\(column)\" (index \(index)): \(wide) does not fit in \(T.self)")
    }
    return result
  }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    if let converted = convertedValue(type, value) {
      guard let converted else { throw Row.mismatch(value, column: column, index: index, T.self) }
      return converted
    }
    return try T(from: self)
  }
}
