/// Decodes the current row of a statement into a `Decodable` type, one column per coding key.
struct RowDecoder: Decoder {
  let statement: Statement
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(RowKeyedContainer<Key>(statement: statement, columns: statement.columns))
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

private struct RowKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let statement: Statement
  let columns: ColumnNames
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { columns.names.compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { columns.index(of: key.stringValue) != nil }

  private func index(_ key: Key) throws(SQLiteError) -> Int {
    guard let index = columns.index(of: key.stringValue) else {
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
    let index = try index(key)
    switch statement.storageClass(at: index) {
    case .integer: return statement.int64(at: index)
    case .real:
      if let exact = Int64(exactly: statement.double(at: index)) { return exact }
      throw mismatch(key, index, type)
    default: throw mismatch(key, index, type)
    }
  }

  private func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, forKey key: Key) throws -> T {
    let wide = try decode(Int64.self, forKey: key)
    guard let narrow = T(exactly: wide) else {
      throw mismatch(key, try index(key), type)
    }
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

  func superDecoder() throws -> any Decoder { RowDecoder(statement: statement) }
  func superDecoder(forKey key: Key) throws -> any Decoder { RowDecoder(statement: statement) }
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
