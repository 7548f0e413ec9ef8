extension String {
  /// A string from a column's text bytes, as `String(decoding:as: UTF8.self)` makes it:
  /// invalid UTF-8 is repaired with U+FFFD, embedded NUL bytes are kept; no bytes (`NULL`,
  /// empty text) is the empty string without a call into the standard library.
  ///
  /// The empty case is worth its test: it saves about 60 of `String(decoding:as:)`'s
  /// instructions for no bytes and costs 2 to 5 otherwise (callgrind). Other ways of making
  /// the string were measured and are not faster: `Benchmarks/results/session5-decode.md`.
  @inlinable @inline(__always)
  init(textBytes bytes: UnsafeBufferPointer<UInt8>) {
    if bytes.isEmpty {
      self = ""
    } else {
      self = String(decoding: bytes, as: UTF8.self)
    }
  }
}
