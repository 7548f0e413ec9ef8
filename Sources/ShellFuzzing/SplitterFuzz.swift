import SQLiteCore
import SQLiteShell

/// Feeds the input's lines to ``InputBuffer`` and checks that every line lands in exactly one
/// piece of output, unchanged (a `go` or `/` terminator line may become `;`).
enum SplitterFuzz {
  static func run(_ data: [UInt8]) -> [String] {
    var buffer = InputBuffer()
    var failures: [String] = []
    var pendingLines: [[UInt8]] = []
    var pendingStart = 0
    let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    for (offset, slice) in lines.enumerated() {
      let line = Array(slice)
      let number = offset + 1
      let disposition = buffer.feed(SQLText(bytes: line))
      if buffer.lineNumber != number {
        failures.append("line number \(buffer.lineNumber), expected \(number)")
      }
      switch disposition {
      case .pending:
        if pendingLines.isEmpty { pendingStart = number }
        pendingLines.append(line)
        if !buffer.hasPending { failures.append("pending without pending text at \(number)") }
      case .dotCommand(let text):
        if !pendingLines.isEmpty || Array(text.bytes) != line || line.first != UInt8(ascii: ".") {
          failures.append("dot-command \(text.bytes) from line \(number)")
        }
      case .skip(let echo):
        // A `go` or `/` line that ends nothing pending is echoed as the `;` it stands for.
        let candidates = [line, Array(";".utf8)].flatMap { last in
          let joined = Array((pendingLines + [last]).joined(separator: [UInt8(ascii: "\n")]))
          return [joined, stripped(joined)]
        }
        if let echo, !candidates.contains(Array(echo.bytes)) {
          failures.append("skip echoed \(echo.bytes), expected \(candidates[0])")
        }
        pendingLines = []
      case .sql(let chunk, let start):
        if pendingLines.isEmpty { pendingStart = number }
        let candidates = [line, Array(";".utf8)].map { last in
          stripped(Array((pendingLines + [last]).joined(separator: [UInt8(ascii: "\n")])))
        }
        if !candidates.contains(Array(chunk.bytes)) {
          failures.append("chunk \(chunk.bytes) is not lines \(pendingStart)...\(number)")
        }
        if start != pendingStart {
          failures.append("chunk line \(start), expected \(pendingStart)")
        }
        if buffer.hasPending { failures.append("text still pending after a chunk") }
        pendingLines = []
      }
    }
    let end = buffer.finish()
    switch end {
    case .skip(nil) where pendingLines.isEmpty: break
    case .sql(let chunk, _) where !pendingLines.isEmpty:
      let joined = stripped(Array(pendingLines.joined(separator: [UInt8(ascii: "\n")])))
      if Array(chunk.bytes) != joined { failures.append("final chunk \(chunk.bytes)") }
    default:
      failures.append("finish gave \(end) with \(pendingLines.count) lines pending")
    }
    return failures
  }

  /// The text without the leading white space the buffer drops from a chunk's first line.
  private static func stripped(_ bytes: [UInt8]) -> [UInt8] {
    Array(bytes.drop { $0 == 0x20 || (0x09...0x0D).contains($0) })
  }
}
