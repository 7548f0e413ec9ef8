/// The parameters of one statement by position, found from its text alone, numbered as SQLite
/// numbers them; what `sqlite3_bind_parameter_name` would say for 1, 2, ….
///
/// dqlite binds by position only, and its PREPARE answers with a count, not names. Preparing
/// the text locally to ask SQLite is no help: the tables it names exist only on the cluster, so
/// the prepare fails. The rules are few (SQLite's `sqlite3ExprAssignVarNumber`):
/// - `?` takes the next number and has no name;
/// - `?NNN` takes number NNN, named `?NNN` unless that number already has a name;
/// - `:AAA`, `@AAA`, `$AAA` take the next number the first time, the same number after.
///
/// "The next number" is one more than the largest so far. Literals, quoted names and comments
/// are skipped.
enum ParameterNames {
  static func names(in sql: String) -> [String?] {
    let bytes = Array(sql.utf8)
    var names: [String?] = []
    var numbers: [String: Int] = [:]
    func assign(_ name: String?, number: Int) {
      while names.count < number { names.append(nil) }
      if let name {
        names[number - 1] = name
        numbers[name] = number
      }
    }
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
        index = skipQuoted(bytes, from: index, closer: byte)
      case UInt8(ascii: "["):
        index = skipQuoted(bytes, from: index, closer: UInt8(ascii: "]"))
      case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == byte:
        while index < bytes.count && bytes[index] != 10 { index += 1 }
      case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
        index += 2
        while index < bytes.count
          && !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count
            && bytes[index + 1] == UInt8(ascii: "/"))
        {
          index += 1
        }
        index += 2
      case UInt8(ascii: "?"):
        var end = index + 1
        while end < bytes.count && isDigit(bytes[end]) { end += 1 }
        if end == index + 1 {
          assign(nil, number: names.count + 1)
        } else {
          let text = String(decoding: bytes[index..<end], as: UTF8.self)
          let number = Int(text.dropFirst()) ?? 0
          // A number that already has a name keeps it (`$a, ?1`: position 1 is `$a`).
          if number > names.count {
            assign(text, number: number)
          } else if number > 0, names[number - 1] == nil {
            assign(text, number: number)
          }
        }
        index = end
      case UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "$"):
        let end = nameEnd(bytes, from: index + 1, dollar: byte == UInt8(ascii: "$"))
        if end > index + 1 {
          let name = String(decoding: bytes[index..<end], as: UTF8.self)
          if numbers[name] == nil { assign(name, number: names.count + 1) }
        }
        index = max(end, index + 1)
      default:
        // A whole word, so a `$` inside an identifier is not a parameter.
        index += 1
        if isIdentifier(byte) {
          while index < bytes.count && isIdentifier(bytes[index]) { index += 1 }
        }
      }
    }
    return names
  }

  /// The index after the quoted text that starts at `start` (a doubled closer stays inside).
  private static func skipQuoted(_ bytes: [UInt8], from start: Int, closer: UInt8) -> Int {
    var index = start + 1
    while index < bytes.count {
      if bytes[index] == closer {
        if closer != UInt8(ascii: "]"), index + 1 < bytes.count, bytes[index + 1] == closer {
          index += 2
          continue
        }
        return index + 1
      }
      index += 1
    }
    return index
  }

  /// The end of a parameter name: identifier characters, and for `$` Tcl's `::` and a
  /// trailing `(…)`.
  private static func nameEnd(_ bytes: [UInt8], from start: Int, dollar: Bool) -> Int {
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if isIdentifier(byte) {
        index += 1
      } else if dollar, byte == UInt8(ascii: ":"), index + 1 < bytes.count,
        bytes[index + 1] == UInt8(ascii: ":")
      {
        index += 2
      } else if dollar, byte == UInt8(ascii: "("), index > start {
        var end = index + 1
        while end < bytes.count && bytes[end] != UInt8(ascii: ")") && !isSpace(bytes[end]) {
          end += 1
        }
        return end < bytes.count && bytes[end] == UInt8(ascii: ")") ? end + 1 : index
      } else {
        break
      }
    }
    return index
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

  private static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || (byte >= 9 && byte <= 13) }

  /// SQLite's `IdChar`: letters, digits, `_`, `$`, and every byte of a multi-byte character.
  private static func isIdentifier(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte | 0x20 >= 97 && byte | 0x20 <= 122) || byte == UInt8(ascii: "_")
      || byte == UInt8(ascii: "$") || byte >= 0x80
  }
}
