extension ParameterDistribution {
  /// A `--param` text that is not `NAME=DIST(ARGS)`: what is wrong and where (0-based offset).
  package struct SyntaxError: Error, Equatable {
    /// What was expected or found.
    package var message: String
    /// The offset in the `--param` text where the problem is.
    package var position: Int
  }

  /// The distributions' names and the arguments each takes, for messages and help.
  static let forms = [
    "uniform(LOW,HIGH)", "zipfian(LOW,HIGH,S)", "gaussian(MEAN,SD)", "exponential(MEAN)",
  ]

  /// Parses `NAME=DIST(ARGS)` (`id=uniform(1,100000)`) into the parameter name and distribution.
  ///
  /// The name may carry SQLite's prefix (`:id`, `@id`, `$id`); it is returned without it.
  package static func parse(_ text: String) throws(SyntaxError) -> (
    name: String, distribution: Self
  ) {
    let bytes = Array(text.utf8)
    guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else {
      throw SyntaxError(message: "expected NAME=DISTRIBUTION", position: bytes.count)
    }
    var nameBytes = bytes[..<equals]
    if let first = nameBytes.first, ":@$".utf8.contains(first) { nameBytes = nameBytes.dropFirst() }
    let name = String(decoding: nameBytes, as: UTF8.self)
    guard !name.isEmpty, name.utf8.allSatisfy(isNameByte) else {
      throw SyntaxError(message: "expected a parameter name before '='", position: 0)
    }
    guard let open = bytes[equals...].firstIndex(of: UInt8(ascii: "(")) else {
      throw SyntaxError(
        message: "expected one of " + forms.joined(separator: ", "), position: equals + 1)
    }
    let kind = String(decoding: bytes[(equals + 1)..<open], as: UTF8.self).asciiLowercased()
    let arity: Int
    switch kind {
    case "uniform", "gaussian": arity = 2
    case "zipfian": arity = 3
    case "exponential": arity = 1
    default:
      throw SyntaxError(
        message: "unknown distribution \"\(kind)\": expected one of "
          + forms.joined(separator: ", "), position: equals + 1)
    }
    let (arguments, texts) = try numbers(bytes, from: open + 1, count: arity)
    return (name, try make(kind, arguments, texts, at: open + 1))
  }

  private static func make(
    _ kind: String, _ a: [(value: Double, position: Int)], _ texts: [String], at position: Int
  ) throws(SyntaxError) -> Self {
    switch kind {
    case "uniform":
      guard a[0].value <= a[1].value else {
        throw SyntaxError(message: "LOW must not exceed HIGH", position: a[1].position)
      }
      if let low = Int64(texts[0]), let high = Int64(texts[1]) {
        return .uniform(lower: low, upper: high)
      }
      return .uniformReal(lower: a[0].value, upper: a[1].value)
    case "zipfian":
      guard let low = Int64(texts[0]) else {
        throw SyntaxError(message: "expected an integer", position: a[0].position)
      }
      guard let high = Int64(texts[1]), high >= low else {
        throw SyntaxError(
          message: "expected an integer not below LOW", position: a[1].position)
      }
      // The sampler counts HIGH - LOW + 1 ranks in an Int64.
      let span = high.subtractingReportingOverflow(low)
      guard !span.overflow, span.partialValue < Int64.max else {
        throw SyntaxError(
          message: "HIGH - LOW must be below \(Int64.max)", position: a[1].position)
      }
      guard a[2].value > 0, a[2].value.isFinite else {
        throw SyntaxError(message: "S must be above 0", position: a[2].position)
      }
      return .zipfian(lower: low, upper: high, exponent: a[2].value)
    case "gaussian":
      guard a[1].value > 0 else {
        throw SyntaxError(message: "SD must be above 0", position: a[1].position)
      }
      return .gaussian(mean: a[0].value, standardDeviation: a[1].value)
    default:
      guard a[0].value > 0 else {
        throw SyntaxError(message: "MEAN must be above 0", position: a[0].position)
      }
      return .exponential(mean: a[0].value)
    }
  }

  /// Reads `count` comma-separated numbers and the closing parenthesis, starting at `start`.
  private static func numbers(
    _ bytes: [UInt8], from start: Int, count: Int
  ) throws(SyntaxError) -> ([(value: Double, position: Int)], [String]) {
    var values: [(value: Double, position: Int)] = []
    var texts: [String] = []
    var index = start
    for argument in 0..<count {
      while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
      let begin = index
      while index < bytes.count, !",) ".utf8.contains(bytes[index]) { index += 1 }
      let text = String(decoding: bytes[begin..<index], as: UTF8.self)
      guard let value = Double(text), value.isFinite else {
        throw SyntaxError(message: "expected a number", position: begin)
      }
      values.append((value, begin))
      texts.append(text)
      while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
      let separator = argument == count - 1 ? UInt8(ascii: ")") : UInt8(ascii: ",")
      guard index < bytes.count, bytes[index] == separator else {
        let what = separator == UInt8(ascii: ")") ? "')'" : "','"
        throw SyntaxError(
          message: "expected \(what) (this distribution takes \(count) argument"
            + (count == 1 ? ")" : "s)"), position: index)
      }
      index += 1
    }
    guard index == bytes.count else {
      throw SyntaxError(message: "unexpected text after ')'", position: index)
    }
    return (values, texts)
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
      || byte >= 0x80
  }
}
