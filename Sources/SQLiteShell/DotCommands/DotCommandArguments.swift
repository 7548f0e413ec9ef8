package import SQLiteCore

/// How sqlite3 3.40.1 splits a dot-command line and reads its numbers and booleans.
package enum DotCommandArguments {
  /// Splits a dot-command line (with its leading `.`) into words.
  ///
  /// Words are separated by white space; `'…'` and `"…"` group (an unterminated quote runs to
  /// the end). Backslash escapes are resolved in unquoted and double-quoted words, not in
  /// single-quoted ones. At most 51 words, as in sqlite3.
  package static func split(_ line: String) -> [String] {
    splitBytes(SQLText(line)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Splits a dot-command line given as bytes into words, each kept as bytes.
  package static func splitBytes(_ line: SQLText) -> [[UInt8]] {
    var bytes = Array(line.bytes.dropFirst())
    bytes.append(0)
    var words: [[UInt8]] = []
    var index = 0
    while bytes[index] != 0 && words.count < 51 {
      while isSpace(bytes[index]) { index += 1 }
      if bytes[index] == 0 { break }
      let delimiter = bytes[index]
      if delimiter == UInt8(ascii: "'") || delimiter == UInt8(ascii: "\"") {
        index += 1
        let start = index
        while bytes[index] != 0 && bytes[index] != delimiter {
          if bytes[index] == UInt8(ascii: "\\") && delimiter == UInt8(ascii: "\"")
            && bytes[index + 1] != 0
          {
            index += 1
          }
          index += 1
        }
        var word = Array(bytes[start..<index])
        if bytes[index] == delimiter { index += 1 }
        if delimiter == UInt8(ascii: "\"") { word = resolveBackslashes(word) }
        words.append(word)
      } else {
        let start = index
        while bytes[index] != 0 && !isSpace(bytes[index]) { index += 1 }
        words.append(resolveBackslashes(Array(bytes[start..<index])))
      }
    }
    return words
  }

  /// Resolves C escapes (`\t`, `\n`, `\\`, octal `\NNN`; any other `\x` is `x`).
  ///
  /// A `\0` ends the text, as the NUL ends sqlite3's C string.
  package static func resolveBackslashes(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      var byte = bytes[index]
      if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
        index += 1
        byte = bytes[index]
        switch byte {
        case UInt8(ascii: "a"): byte = 7
        case UInt8(ascii: "b"): byte = 8
        case UInt8(ascii: "t"): byte = 9
        case UInt8(ascii: "n"): byte = 10
        case UInt8(ascii: "v"): byte = 11
        case UInt8(ascii: "f"): byte = 12
        case UInt8(ascii: "r"): byte = 13
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
          var value = byte - UInt8(ascii: "0")
          for _ in 0..<2 {
            guard index + 1 < bytes.count,
              (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index + 1])
            else { break }
            index += 1
            value = value &<< 3 &+ (bytes[index] - UInt8(ascii: "0"))
          }
          byte = value
        default: break
        }
      }
      if byte == 0 { break }
      result.append(byte)
      index += 1
    }
    return result
  }

  /// sqlite3's `integerValue`: decimal or `0x` hex, optional sign, and a size suffix
  /// (`KiB`, `MiB`, `GiB`, `KB`, `MB`, `GB`, `K`, `M`, `G`, any case).
  package static func integer(_ text: String) -> Int64 { ShellNumbers.integerValue(text) }

  /// sqlite3's `booleanValue`: a number, `on`/`yes` or `off`/`no` (any case).
  ///
  /// Anything else is false, with sqlite3's warning written to `errors`.
  package static func boolean(_ text: String, errors: OutputSink) -> Bool {
    let (value, warning) = ShellNumbers.booleanValue(text)
    if let warning { errors.write(warning) }
    return value != 0
  }
}

extension String {
  /// The string with ASCII letters lowercased (what `sqlite3_stricmp` compares).
  func asciiLowercased() -> String {
    String(
      decoding: utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
  }
}
