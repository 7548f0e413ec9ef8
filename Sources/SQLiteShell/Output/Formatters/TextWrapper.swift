/// Cuts a value into display lines for the columnar modes, as sqlite3's
/// `translateForDisplayAndDup` does.
///
/// A line ends at `\n`, `\r\n`, `\r`, `\f` or any other control character (the character is
/// dropped), or after `maxWidth` characters; a tab becomes spaces to the next multiple of 8.
/// With word wrap a line longer than the limit is cut after the last space, or at the last
/// change between alphanumeric and other characters, in its second half.
struct TextWrapper {
  /// The most characters per line; 0 means no limit.
  let maxWidth: Int
  /// Whether to avoid breaking inside a word.
  let wordWrap: Bool
  /// Whether to count display columns instead of code points.
  let displayWidth: Bool

  init(maxWidth: Int, wordWrap: Bool, displayWidth: Bool) {
    let limit = maxWidth < 0 ? -maxWidth : maxWidth
    self.maxWidth = limit == 0 ? 1_000_000 : limit
    self.wordWrap = wordWrap
    self.displayWidth = displayWidth
  }

  /// Appends the first display line of `source` to `out`.
  ///
  /// - Returns: the line's width (as sqlite3's `strlenChar` counts it), and where the next line
  ///   starts in `source`, or `nil` when this was the last line.
  @inline(__always)
  func appendLine(
    _ source: UnsafeBufferPointer<UInt8>, to out: GrowableBuffer<UInt8>
  ) -> (width: Int, tail: Int?) {
    if let width = fastWidth(source) {
      out.append(contentsOf: source)
      return (width, nil)
    }
    return slowAppendLine(source, to: out)
  }

  /// The width of `source` when it is one line that fits: printable, no tabs, short enough.
  @inline(__always)
  private func fastWidth(_ source: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let first = source.first else { return 0 }
    if first & 0xC0 == 0x80 { return nil }
    var characters = 0
    for byte in source {
      if byte < 0x20 || (displayWidth && byte >= 0x80) { return nil }
      if byte & 0xC0 != 0x80 { characters += 1 }
    }
    if characters < maxWidth || (characters == maxWidth && !wordWrap) { return characters }
    return nil
  }

  private func slowAppendLine(
    _ z: UnsafeBufferPointer<UInt8>, to out: GrowableBuffer<UInt8>
  ) -> (width: Int, tail: Int?) {
    @inline(__always) func at(_ index: Int) -> UInt8 { index < z.count ? z[index] : 0 }
    var i = 0
    var columns = 0
    while columns < maxWidth {
      let byte = at(i)
      if byte >= 0x20 {
        let start = i
        repeat { i += 1 } while at(i) & 0xC0 == 0x80
        columns += characterWidth(z, start, i)
        continue
      }
      if byte == 0x09 {
        repeat { columns += 1 } while columns & 7 != 0 && columns < maxWidth
        i += 1
        continue
      }
      break
    }
    var keep = i
    if columns >= maxWidth && wordWrap {
      keep = i
      while keep > i / 2, !isSpace(at(keep - 1)) { keep -= 1 }
      if keep <= i / 2 {
        keep = i
        while keep > i / 2,
          !(isAlphanumeric(at(keep - 1)) != isAlphanumeric(at(keep)) && at(keep) & 0xC0 != 0x80)
        {
          keep -= 1
        }
      }
      if keep <= i / 2 {
        keep = i
      } else {
        i = keep
        while at(i) == 0x20 { i += 1 }
      }
    }
    let tail: Int?
    if columns >= maxWidth && at(i) >= 0x20 {
      tail = i
    } else if at(i) == 0x0D && at(i + 1) == 0x0A {
      tail = at(i + 2) != 0 ? i + 2 : nil
    } else if at(i) == 0 || at(i + 1) == 0 {
      tail = nil
    } else {
      tail = i + 1
    }
    return (copy(z, upTo: keep, to: out), tail)
  }

  /// Copies `z[..<end]` with tabs expanded; returns the width of what was copied.
  private func copy(_ z: UnsafeBufferPointer<UInt8>, upTo end: Int, to out: GrowableBuffer<UInt8>)
    -> Int
  {
    var i = 0
    var columns = 0
    var width = 0
    while i < end {
      let byte = z[i]
      if byte >= 0x20 {
        let start = i
        repeat { i += 1 } while i < z.count && z[i] & 0xC0 == 0x80
        columns += 1
        let character = UnsafeBufferPointer(rebasing: z[start..<i])
        out.append(contentsOf: character)
        width += DisplayWidth.measure(character, displayWidth: displayWidth)
        continue
      }
      if byte == 0x09 {
        repeat {
          columns += 1
          width += 1
          out.append(0x20)
        } while columns & 7 != 0 && columns < maxWidth
        i += 1
        continue
      }
      break
    }
    return width
  }

  @inline(__always)
  private func characterWidth(_ z: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
    guard displayWidth else { return 1 }
    return DisplayWidth.width(
      ofCharacter: UnsafeBufferPointer(rebasing: z[start..<min(end, z.count)]))
  }

  /// C's `isspace` in the C locale.
  private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

  /// C's `isalnum` in the C locale.
  private func isAlphanumeric(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
      || (byte >= 0x61 && byte <= 0x7A)
  }
}
