import CSQLite
import SQLiteCore

/// The small functions sqlite3 3.40.1's shell registers for its own SQL (`.dump`, `.recover`,
/// tests) and scripts can call too: `shell_idquote(X)`, `shell_int32(BLOB, N)`,
/// `shell_escape_crnl(X)` and `usleep(N)`.
enum ShellHelperFunctions {
  static func register(_ registration: FunctionRegistration) throws(SQLiteError) {
    try registration.scalar("shell_escape_crnl", 1, []) { context, arguments in
      escapeLineBreaks(arguments, context)
    }
    try registration.scalar("shell_int32", 2, []) { context, arguments in
      let index = Int(arguments.int32(1))
      guard index >= 0, let bytes = arguments.blobBytes(0), (index + 1) * 4 <= bytes.count
      else { return }
      let word = bytes[(index * 4)..<(index * 4 + 4)].reduce(0) { $0 << 8 | Int64($1) }
      context.result(word)
    }
    try registration.scalar("shell_idquote", 1, []) { context, arguments in
      guard let name = arguments.textBytes(0) else { return }
      context.result(text: quotedIdentifier(name))
    }
    try registration.scalar("usleep", 1, []) { context, arguments in
      let microseconds = arguments.int32(0)
      sqlite3_sleep(microseconds / 1000)
      context.result(Int64(microseconds))
    }
  }

  /// `"name"`, each `"` doubled (`%w` in double quotes), whatever the name is.
  static func quotedIdentifier(_ name: [UInt8]) -> [UInt8] {
    var quoted: [UInt8] = [UInt8(ascii: "\"")]
    for byte in name.prefix(while: { $0 != 0 }) {
      quoted.append(byte)
      if byte == UInt8(ascii: "\"") { quoted.append(byte) }
    }
    quoted.append(UInt8(ascii: "\""))
    return quoted
  }

  /// A quoted literal with its line breaks written as markers inside `replace(...)`.
  ///
  /// `'a\nb'` (a real newline) becomes `replace('a\nb','\n', char(10))`, with a marker the
  /// text does not hold. Anything that is not a quoted literal, or holds no CR or LF, comes back
  /// as it was.
  private static func escapeLineBreaks(_ arguments: FunctionArguments, _ context: FunctionContext) {
    guard let bytes = arguments.textBytes(0), bytes.first == UInt8(ascii: "'") else {
      return context.result(copying: arguments.value(0))
    }
    let text = bytes.prefix { $0 != 0 }
    let newline: UInt8 = 10
    let carriageReturn: UInt8 = 13
    let newlineMarker = text.contains(newline) ? unusedMarker(in: text, "\\n", "\\012") : nil
    let returnMarker =
      text.contains(carriageReturn) ? unusedMarker(in: text, "\\r", "\\015") : nil
    guard newlineMarker != nil || returnMarker != nil else {
      return context.result(copying: arguments.value(0))
    }
    var result = Array(
      (newlineMarker != nil && returnMarker != nil ? "replace(replace(" : "replace(").utf8)
    for byte in text {
      switch byte {
      case newline: result += newlineMarker ?? []
      case carriageReturn: result += returnMarker ?? []
      default: result.append(byte)
      }
    }
    if let newlineMarker { result += Array(",'".utf8) + newlineMarker + Array("', char(10))".utf8) }
    if let returnMarker { result += Array(",'".utf8) + returnMarker + Array("', char(13))".utf8) }
    context.result(text: result)
  }

  /// The first of `first`, `second`, `(first0)`, `(first1)`, … that `text` does not contain.
  private static func unusedMarker(in text: ArraySlice<UInt8>, _ first: String, _ second: String)
    -> [UInt8]
  {
    var candidates = [Array(first.utf8), Array(second.utf8)]
    var number = 0
    while true {
      if candidates.isEmpty {
        candidates.append(Array("(\(first)\(number))".utf8))
        number += 1
      }
      let candidate = candidates.removeFirst()
      if !contains(text, candidate) { return candidate }
    }
  }

  private static func contains(_ text: ArraySlice<UInt8>, _ part: [UInt8]) -> Bool {
    guard part.count <= text.count else { return false }
    var start = text.startIndex
    while start + part.count <= text.endIndex {
      if text[start..<(start + part.count)].elementsEqual(part) { return true }
      start += 1
    }
    return false
  }
}
