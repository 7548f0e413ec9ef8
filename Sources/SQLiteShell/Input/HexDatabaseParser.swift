/// Turns the text `dbtotxt` prints back into a database image, line by line, as sqlite3
/// 3.40.1's `readHexDb` does for `.open --hexdb`.
///
/// The text is a header, `| size N pagesize P ...`, then `| page N offset O` lines and lines of
/// sixteen bytes, `|  OFF: hh hh ...`, each written at the last page's offset plus OFF, and
/// a last line starting `| end `. Lines that fit none of these are ignored, as are bytes that
/// would fall outside the image. A bad header is the only error; without an end line the
/// image ends with the input.
///
/// Read from the shell's own input, a bad header makes the reader skip the lines after it up
/// to and including an end line, so the hexdb text is not run as SQL.
package struct HexDatabaseParser {
  /// What a line or the end of input leads to.
  package enum Step: Equatable {
    /// More lines are wanted.
    case needsMore
    /// The image is complete.
    case finished([UInt8])
    /// The header was bad: sqlite3's `Error on line N of --hexdb input`, N the line given.
    case failed(line: Int)
    /// The header's size is more than sqlite3 can allocate (it says `out of memory` and exits).
    case outOfMemory
  }

  private enum Phase {
    case header
    case body
    case skipping
  }

  private var phase = Phase.header
  private var image: [UInt8] = []
  private var pageOffset = 0
  /// The number of the line being read, counted as sqlite3 counts (`nLine`).
  package private(set) var lineNumber: Int
  private let skipsAfterError: Bool

  /// A parser whose first line follows line `lineNumber` of its input; `skipsAfterError` when
  /// the text comes from the shell's input rather than a file of its own.
  package init(after lineNumber: Int, skipsAfterError: Bool) {
    self.lineNumber = lineNumber + 1
    self.skipsAfterError = skipsAfterError
  }

  /// Takes the next line (without its line terminator).
  package mutating func feed(_ line: some Collection<UInt8>) -> Step {
    switch phase {
    case .header:
      return header(line)
    case .body:
      if line.starts(with: Self.endMarker) { return .finished(image) }
      lineNumber += 1
      let page = FormatScanner.scan(line, format: "| page %d offset %d")
      if page.count == 2 {
        pageOffset = Int(page[1])
        return .needsMore
      }
      let bytes = FormatScanner.scan(line, format: Self.rowFormat)
      let offset = pageOffset + Int(bytes.first ?? 0)
      if bytes.count == 17, offset >= 0, offset + 16 <= image.count {
        for index in 0..<16 { image[offset + index] = UInt8(truncatingIfNeeded: bytes[index + 1]) }
      }
      return .needsMore
    case .skipping:
      lineNumber += 1
      return line.starts(with: Self.endMarker) ? .failed(line: lineNumber) : .needsMore
    }
  }

  /// The input ended before an end line.
  package func finish() -> Step {
    switch phase {
    case .header, .skipping: .failed(line: lineNumber)
    case .body: .finished(image)
    }
  }

  private mutating func header(_ line: some Collection<UInt8>) -> Step {
    let values = FormatScanner.scan(line, format: "| size %d pagesize %d")
    guard values.count == 2, values[0] >= 0, values[1] >= 512, values[1] <= 65536,
      values[1] & (values[1] - 1) == 0
    else {
      guard skipsAfterError else { return .failed(line: lineNumber) }
      phase = .skipping
      return .needsMore
    }
    let pageSize = values[1]
    let size = (values[0] + pageSize - 1) & ~(pageSize - 1)
    // sqlite3 rounds in an `int` and allocates with `sqlite3_malloc`, which refuses this much.
    guard size < 0x7FFF_FF00 else { return .outOfMemory }
    image = [UInt8](repeating: 0, count: Int(size))
    phase = .body
    lineNumber += 1
    return .needsMore
  }

  private static let endMarker = Array("| end ".utf8)
  private static let rowFormat = "| %d: " + Array(repeating: "%x", count: 16).joined(separator: " ")
}
