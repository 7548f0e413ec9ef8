/// SQL (or any input text) as the exact bytes it was read as, valid UTF-8 or not.
///
/// Swift's `String` replaces bytes that are not valid UTF-8 with U+FFFD; SQLite takes bytes,
/// so a Latin-1 script or a stray byte reaches it unchanged only when the text stays bytes
/// from where it was read to `sqlite3_prepare_v3`
/// (``Connection/statements(in:persistent:)-(SQLText,_)`` and
/// ``Connection/isComplete(_:)-(SQLText)`` take it). The bytes are stored followed by one NUL,
/// so SQLite reads them in place, without a copy.
///
/// The accessors a script runs once per line are `@inlinable`: callers in other modules then get
/// them specialized (a generic call through the module boundary cost ~150 instructions a line).
public struct SQLText: Hashable, Sendable, CustomStringConvertible {
  /// The bytes and one NUL after them (never empty).
  @usableFromInline var storage: [UInt8]

  /// Empty text.
  public init() { storage = [0] }

  /// The UTF-8 bytes of `string`.
  public init(_ string: String) {
    var storage: [UInt8] = []
    storage.reserveCapacity(string.utf8.count + 1)
    storage.append(contentsOf: string.utf8)
    storage.append(0)
    self.storage = storage
  }

  /// These bytes, whatever they are (a NUL among them ends the text for SQLite).
  public init(bytes: some Sequence<UInt8>) {
    var storage = Array(bytes)
    storage.append(0)
    self.storage = storage
  }

  /// The bytes of `buffer`.
  ///
  /// `Array(buffer)` finds the array storage's type metadata through a cached reference, where
  /// `Array(unsafeUninitializedCapacity:)` asks the runtime for it on every call (~360
  /// instructions, once per line of a script); the allocation's rounding nearly always leaves
  /// room for the NUL.
  public init(copying buffer: UnsafeBufferPointer<UInt8>) {
    var storage = Array(buffer)
    storage.append(0)
    self.storage = storage
  }

  /// The bytes of a NUL-terminated C string.
  public init(cString: UnsafePointer<CChar>) {
    let start = UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self)
    var length = 0
    while start[length] != 0 { length += 1 }
    self.init(copying: UnsafeBufferPointer(start: start, count: length))
  }

  /// The number of bytes.
  @inlinable public var count: Int { storage.count - 1 }

  /// Whether there are no bytes.
  @inlinable public var isEmpty: Bool { storage.count == 1 }

  /// The first byte, if any.
  @inlinable public var first: UInt8? { storage.count > 1 ? storage[0] : nil }

  /// The bytes.
  @inlinable public var bytes: ArraySlice<UInt8> { storage[..<(storage.count - 1)] }

  /// The text as a `String`, with U+FFFD for bytes that are not valid UTF-8 (for display).
  public var string: String {
    storage.withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0.dropLast()), as: UTF8.self)
    }
  }

  /// The text as a `String`.
  public var description: String { string }

  /// Whether the bytes are valid UTF-8 (then ``string`` holds them exactly).
  public var isValidUTF8: Bool {
    storage.withUnsafeBufferPointer {
      String(validating: UnsafeBufferPointer(rebasing: $0.dropLast()), as: UTF8.self) != nil
    }
  }

  /// Appends bytes.
  public mutating func append(contentsOf bytes: some Collection<UInt8>) {
    storage.removeLast()
    storage.append(contentsOf: bytes)
    storage.append(0)
  }

  /// Appends another text's bytes.
  public mutating func append(_ other: SQLText) { append(contentsOf: other.bytes) }

  /// Appends the bytes of `buffer` (specialized in the caller: a reader appends each line).
  @inlinable
  public mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
    storage.removeLast()
    storage.append(contentsOf: buffer)
    storage.append(0)
  }

  /// Replaces every byte with those of `buffer`, in place when nothing else shares the storage.
  @inlinable
  public mutating func replaceAll(with buffer: UnsafeBufferPointer<UInt8>) {
    storage.replaceSubrange(0..<storage.count, with: buffer)
    storage.append(0)
  }

  /// Appends one byte.
  @inlinable
  public mutating func append(_ byte: UInt8) {
    storage[storage.count - 1] = byte
    storage.append(0)
  }

  /// Calls `body` with the bytes (without the NUL).
  @inlinable
  public func withUnsafeBytes<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0.dropLast())) }
  }

  /// Calls `body` with the bytes as a NUL-terminated C string.
  @inlinable
  public func withCString<Result>(
    _ body: (UnsafePointer<CChar>) throws -> Result
  ) rethrows -> Result {
    try storage.withUnsafeBufferPointer { buffer in
      try buffer.withMemoryRebound(to: CChar.self) { chars in
        // `storage` is never empty, so the base address exists.
        guard let base = chars.baseAddress else { return try "".withCString(body) }
        return try body(base)
      }
    }
  }

  /// The bytes followed by their NUL, for the statement iterator.
  var nulTerminatedBytes: [UInt8] { storage }

  /// Joins two texts.
  public static func + (lhs: SQLText, rhs: SQLText) -> SQLText {
    var result = lhs
    result.append(rhs)
    return result
  }
}
