/// Decodes rows of one statement into `Decodable` values, one column per coding key.
///
/// One decoder serves a whole query. It learns the column of each coding key from the first
/// row, in the order `init(from:)` asks for them, and afterwards only checks that the key at
/// each position is the same one (a string comparison) instead of looking the name up. The
/// keyed container is made once per key type and reused for every row.
final class RowDecoder: Decoder {
  /// A coding key's name and the column it resolved to.
  private struct Slot {
    let name: String
    let index: Int
  }

  let statement: Statement
  let columns: ColumnNames
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  // Only this decoder's own row loop touches these: skip the runtime exclusivity checks.
  @exclusivity(unchecked) private var slots: [Slot] = []
  @exclusivity(unchecked) private var position = 0
  private var container: AnyObject?
  private var containerKey: ObjectIdentifier?

  init(statement: Statement) {
    self.statement = statement
    self.columns = statement.columns
  }

  /// Decodes the statement's current row.
  func decodeRow<T: Decodable>(_ type: T.Type) throws -> T {
    position = 0
    return try T(from: self)
  }

  /// Drops the reused container, which refers back to this decoder.
  func finish() {
    container = nil
    containerKey = nil
  }

  /// The column of a coding key: the learned one when the key at this position is unchanged.
  @inline(__always)
  func column(for name: String) -> Int? {
    let current = position
    position = current &+ 1
    if current < slots.count {
      let slot = slots[current]
      if slot.name == name { return slot.index }
    }
    guard let index = columns.index(of: name) else { return nil }
    if current < slots.count {
      slots[current] = Slot(name: name, index: index)
    } else if current == slots.count {
      slots.append(Slot(name: name, index: index))
    }
    return index
  }

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

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw SQLiteError(code: .mismatch, message: "a row decodes into a keyed type, not an array")
  }

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

  func contains(_ key: Key) -> Bool { decoder.column(for: key.stringValue) != nil }

  @inline(__always)
  private func index(_ key: Key) throws(SQLiteError) -> Int {
    guard let index = decoder.column(for: key.stringValue) else {
      throw SQLiteError(
        code: .range,
        message:
          "no column named \"\(key.stringValue)\" in the row (columns: \(columns.names.joined(separator: ", ")))"
      )
    }
    return index
  }

  private func mismatch(_ key: Key, _ index: Int, _ type: Any.Type) -> SQLiteError {
    let value = statement.value(at: index)
    return SQLiteError(
      code: .mismatch,
      message:
        "column \"\(key.stringValue)\" (index \(index)): cannot convert \(value.storageClass) value \(value) to \(type)"
    )
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    statement.storageClass(at: try index(key)) == .null
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    let index = try index(key)
    guard statement.storageClass(at: index) == .integer else { throw mismatch(key, index, type) }
    return statement.int64(at: index) != 0
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    let index = try index(key)
    guard statement.storageClass(at: index) == .text else { throw mismatch(key, index, type) }
    return statement.string(at: index)
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    let index = try index(key)
    switch statement.storageClass(at: index) {
    case .real, .integer: return statement.double(at: index)
    default: throw mismatch(key, index, type)
    }
  }

  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    Float(try decode(Double.self, forKey: key))
  }

  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try int64(key, try index(key), type)
  }

  private func int64(_ key: Key, _ index: Int, _ type: Any.Type) throws(SQLiteError) -> Int64 {
    switch statement.storageClass(at: index) {
    case .integer: return statement.int64(at: index)
    case .real:
      if let exact = Int64(exactly: statement.double(at: index)) { return exact }
      throw mismatch(key, index, type)
    default: throw mismatch(key, index, type)
    }
  }

  private func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, forKey key: Key) throws -> T {
    let index = try index(key)
    let wide = try int64(key, index, type)
    guard let narrow = T(exactly: wide) else { throw mismatch(key, index, type) }
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
    if type == [UInt8].self {
      let value = statement.value(at: index)
      guard let bytes = [UInt8].fromSQLite(value) as? T else { throw mismatch(key, index, type) }
      return bytes
    }
    if type == Value.self, let value = statement.value(at: index) as? T { return value }
    let value = statement.value(at: index)
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
    if type == Value.self, let value = value as? T { return value }
    if type == [UInt8].self, let bytes = try convert([UInt8].self) as? T { return bytes }
    return try T(from: self)
  }
}
