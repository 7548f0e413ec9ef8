import CSQLite

/// The arguments of one SQL function call (or one virtual-table filter or update), read straight
/// from SQLite's `sqlite3_value`s.
///
/// A view, not a copy: reading through the C API (rather than converting every argument to a
/// ``Value``) keeps the exact bytes and conversions sqlite3's C extensions see: `text(_:)` is
/// what `sqlite3_value_text` returns, blobs stay blobs, and no argument is converted unless
/// asked. Valid only during the call that received it.
package struct FunctionArguments {
  package let count: Int
  private let pointers: UnsafeMutablePointer<OpaquePointer?>?

  package init(count: Int32, values: UnsafeMutablePointer<OpaquePointer?>?) {
    self.count = values == nil ? 0 : Int(count)
    self.pointers = values
  }

  /// The raw `sqlite3_value *` at `index`.
  package func value(_ index: Int) -> OpaquePointer? {
    guard index < count, let pointers else { return nil }
    return pointers[index]
  }

  /// The fundamental datatype (`SQLITE_INTEGER`, …, `SQLITE_NULL`) of the argument.
  package func type(_ index: Int) -> Int32 { sqlite3_value_type(value(index)) }

  /// Whether the argument is SQL `NULL`.
  package func isNull(_ index: Int) -> Bool { type(index) == SQLITE_NULL }

  /// The argument as a 64-bit integer, converted as `sqlite3_value_int64` does.
  package func int64(_ index: Int) -> Int64 { sqlite3_value_int64(value(index)) }

  /// The argument as a 32-bit integer, converted as `sqlite3_value_int` does.
  package func int32(_ index: Int) -> Int32 { sqlite3_value_int(value(index)) }

  /// The argument as a double, converted as `sqlite3_value_double` does.
  package func double(_ index: Int) -> Double { sqlite3_value_double(value(index)) }

  /// The argument's UTF-8 text bytes (no terminator), or `nil` for `NULL`.
  package func textBytes(_ index: Int) -> [UInt8]? {
    let argument = value(index)
    guard let bytes = sqlite3_value_text(argument) else { return nil }
    let length = Int(sqlite3_value_bytes(argument))
    return Array(UnsafeBufferPointer(start: bytes, count: length))
  }

  /// The argument as a Swift string (invalid UTF-8 repaired), or `nil` for `NULL`.
  package func string(_ index: Int) -> String? {
    textBytes(index).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The argument's bytes as a blob (text is its UTF-8), not copied; empty for `NULL`.
  ///
  /// Valid until the argument is read again another way, and at most during the call.
  package func blob(_ index: Int) -> UnsafeRawBufferPointer {
    let argument = value(index)
    let pointer = sqlite3_value_blob(argument)
    return UnsafeRawBufferPointer(
      start: pointer, count: pointer == nil ? 0 : Int(sqlite3_value_bytes(argument)))
  }

  /// The argument's bytes as a blob (text is its UTF-8), or `nil` for `NULL`.
  package func blobBytes(_ index: Int) -> [UInt8]? {
    let argument = value(index)
    if sqlite3_value_type(argument) == SQLITE_NULL { return nil }
    let pointer = sqlite3_value_blob(argument)
    let length = Int(sqlite3_value_bytes(argument))
    guard let pointer, length > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: pointer, count: length))
  }

  /// Every argument as a ``Value`` (copied): what the public `createFunction` API passes.
  var values: [Value] { (0..<count).map { Value(sqliteValue: value($0)) } }
}
