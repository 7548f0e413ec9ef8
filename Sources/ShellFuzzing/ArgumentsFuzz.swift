import SQLiteCore
import SQLiteShell

/// Splits the input as a dot-command line, then reads each word as a number and a boolean.
enum ArgumentsFuzz {
  static func run(_ data: [UInt8]) -> [String] {
    var failures: [String] = []
    let line = SQLText(bytes: [UInt8(ascii: ".")] + data)
    let words = DotCommandArguments.splitBytes(line)
    if words.count > 51 { failures.append("\(words.count) words") }
    if words.joined().count > data.count { failures.append("words longer than the line") }
    for word in words where word.contains(0) { failures.append("NUL inside word \(word)") }
    let text = data.prefix { $0 != 0 }
    let isPlain = !text.contains { $0 == UInt8(ascii: "\\") || $0 == 0x22 || $0 == 0x27 }
    if isPlain {
      let expected = text.split { $0 == 0x20 || (0x09...0x0D).contains($0) }.prefix(51).map(
        Array.init)
      if words != expected { failures.append("plain words \(words), expected \(expected)") }
    }
    if words.isEmpty != text.allSatisfy({ $0 == 0x20 || (0x09...0x0D).contains($0) }) {
      failures.append("\(words.count) words from \(Array(text))")
    }
    let errors = OutputSink(.memory)
    for word in words {
      let string = String(decoding: word, as: UTF8.self)
      _ = DotCommandArguments.integer(string)
      _ = DotCommandArguments.boolean(string, errors: errors)
      _ = DotCommandArguments.resolveBackslashes(word)
    }
    return failures
  }
}
