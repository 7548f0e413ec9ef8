extension Value: Decodable {
  /// Decodes whatever the column holds, so a `Decodable` record can keep a column untyped.
  ///
  /// From a row (``Connection/query(_:_:_:)-52sia``) the value comes back exactly as SQLite stored
  /// it, blobs included. From other decoders (JSON, property lists) it is, in order of
  /// preference, `NULL`, an integer, a real, text or a Boolean (as 1 or 0); anything else is a
  /// `.dataCorrupted` error.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let column = container as? ValueDecoder {
      self = column.value
    } else if container.decodeNil() {
      self = .null
    } else if let integer = try? container.decode(Int64.self) {
      self = .integer(integer)
    } else if let real = try? container.decode(Double.self) {
      self = .real(real)
    } else if let text = try? container.decode(String.self) {
      self = .text(text)
    } else if let flag = try? container.decode(Bool.self) {
      self = .integer(flag ? 1 : 0)
    } else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "not an SQLite value: expected null, a number, text or a Boolean")
    }
  }
}
