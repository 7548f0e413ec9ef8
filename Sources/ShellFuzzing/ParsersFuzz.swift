import SQLiteShell

/// `.open --hexdb`'s lines, `.check`'s glob and `.archive`'s options, from arbitrary bytes.
///
/// The first input byte picks the parser; a crash or a broken property is a finding.
enum ParsersFuzz {
  static func run(_ data: [UInt8]) -> [String] {
    var reader = FuzzReader(data)
    let choice = reader.byte() % 3
    let rest = reader.rest()
    switch choice {
    case 0: return hexDatabase(rest)
    case 1: return glob(rest)
    default: return archiveOptions(rest)
    }
  }

  /// Lines of hexdb text, with a header of a size the input picks: a finished image is exactly
  /// that size, however wild the lines after the header.
  private static func hexDatabase(_ data: [UInt8]) -> [String] {
    var reader = FuzzReader(data)
    let pages = Int(reader.byte() % 8)
    let header = Array("| size \(pages * 512) pagesize 512 filename fuzz.db".utf8)
    var parser = HexDatabaseParser(after: 0, skipsAfterError: Bool(reader.byte() & 1 == 1))
    var step = parser.feed(header)
    for line in reader.rest().split(separator: UInt8(ascii: "\n")) where step == .needsMore {
      step = parser.feed(line)
    }
    if step == .needsMore { step = parser.finish() }
    switch step {
    case .finished(let image) where image.count != pages * 512:
      return ["image of \(image.count) bytes for a header of \(pages * 512)"]
    case .failed, .outOfMemory:
      return ["the good header \(pages * 512) was refused: \(step)"]
    default:
      return []
    }
  }

  /// A pattern and a text, split at the first NUL: a pattern with no special bytes matches
  /// itself, and matching never crashes.
  private static func glob(_ data: [UInt8]) -> [String] {
    let parts = data.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let pattern = Array(parts[0])
    let text = parts.count > 1 ? Array(parts[1]) : []
    _ = TestcaseGlob(pattern).matches(text)
    let plain = pattern.filter { $0 > 0x20 && $0 < 0x7F && !"*?[#".utf8.contains($0) }
    return TestcaseGlob(plain).matches(plain) ? [] : ["\(plain) does not match itself"]
  }

  /// Words separated by NUL as `.archive`'s options: a parse either fails with a message or
  /// keeps every name word given after `--` exactly.
  private static func archiveOptions(_ data: [UInt8]) -> [String] {
    let words = data.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
    let names: [[UInt8]] = [Array("a".utf8), Array("-b".utf8)]
    do {
      let request = try ArchiveRequest(parsing: [Array("-t".utf8)] + words)
      if request.command != .list && request.command != nil {
        return ["-t then \(words) parsed as \(String(describing: request.command))"]
      }
    } catch {
      if error.message.isEmpty { return ["an empty error message for \(words)"] }
    }
    do {
      let request = try ArchiveRequest(parsing: [Array("-v".utf8), Array("--".utf8)] + names)
      if request.names != names { return ["names after -- became \(request.names)"] }
    } catch {
      return ["-v -- a -b failed: \(error.message)"]
    }
    return []
  }
}
