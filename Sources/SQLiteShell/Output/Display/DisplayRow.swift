import SQLiteCore

/// What a display cell holds, which decides its alignment and colour.
enum DisplayCellKind: UInt8 {
  case null = 0
  case integer = 1
  case real = 2
  case text = 3
  case blob = 4

  /// Numbers are right-aligned, everything else left-aligned.
  var isNumber: Bool { self == .integer || self == .real }
}

/// One row of the display mode, as it will be drawn: each cell's bytes made safe for a
/// terminal (control characters shown, never sent), cut at a cap so a row held for the screen
/// costs at most a screen line whatever the value, with each cell's display width.
///
/// The buffers are kept between rows (``reset()``), so the ring of tail rows allocates
/// nothing once it is full.
struct DisplayRow {
  /// Every cell's bytes, one after the other.
  private(set) var bytes: [UInt8] = []
  /// Where each cell ends in ``bytes``.
  private(set) var ends: [Int] = []
  /// Each cell's display width (after cutting).
  private(set) var widths: [Int] = []
  /// Each cell's kind.
  private(set) var kinds: [DisplayCellKind] = []
  /// Whether a cell was cut at the cap (a row held for the screen).
  private(set) var wasCut = false

  /// The number of cells.
  var count: Int { ends.count }

  /// Empties the row, keeping its buffers.
  mutating func reset() {
    bytes.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    widths.removeAll(keepingCapacity: true)
    kinds.removeAll(keepingCapacity: true)
    wasCut = false
  }

  /// The bytes of cell `index`.
  func withCell<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let start = index == 0 ? 0 : ends[index - 1]
    return bytes.withUnsafeBufferPointer {
      body(UnsafeBufferPointer(rebasing: $0[start..<ends[index]]))
    }
  }

  /// Appends a cell of already safe ASCII bytes (a number, `NULL`).
  mutating func appendPlain(_ cell: some Collection<UInt8>, kind: DisplayCellKind) {
    bytes.append(contentsOf: cell)
    ends.append(bytes.count)
    widths.append(cell.count)
    kinds.append(kind)
  }

  /// Appends the current value of column `index` of `source`, its text cut at `cap` display
  /// columns (0: no cap) and a blob at `blobCap` bytes; NULL shows `null`.
  mutating func append(
    _ source: some RowSource, column index: Int, null: [UInt8], cap: Int, blobCap: Int
  ) {
    switch source.storageClass(at: index) {
    case .null:
      appendPlain(null, kind: .null)
    case .integer:
      let start = bytes.count
      ValueBytes.appendInteger(source.int64(at: index), to: &bytes)
      finishNumber(from: start, kind: .integer)
    case .real:
      let start = bytes.count
      SQLiteFormatting.appendReal(source.double(at: index), significantDigits: 15, to: &bytes)
      finishNumber(from: start, kind: .real)
    case .blob:
      source.withUnsafeBlob(at: index) { appendBlob($0, cap: blobCap) }
    default:
      source.withUnsafeText(at: index) { appendText($0, cap: cap) }
    }
  }

  private mutating func finishNumber(from start: Int, kind: DisplayCellKind) {
    ends.append(bytes.count)
    widths.append(bytes.count - start)
    kinds.append(kind)
  }

  /// Appends `x'00ff…'`: the first `cap` bytes in hex (0: all), then `…` when there are more.
  mutating func appendBlob(_ blob: UnsafeRawBufferPointer, cap: Int) {
    let start = bytes.count
    let shown = cap > 0 ? min(blob.count, cap) : blob.count
    ValueBytes.appendHexBlob(
      UnsafeRawBufferPointer(rebasing: blob[0..<shown]), lowercasePrefix: true, to: &bytes)
    var width = bytes.count - start
    if shown < blob.count {
      // `x'00ff…'`: the ellipsis goes before the closing quote.
      bytes.removeLast()
      bytes.append(contentsOf: Self.ellipsis)
      bytes.append(0x27)
      width += 1
      wasCut = true
    }
    ends.append(bytes.count)
    widths.append(width)
    kinds.append(.blob)
  }

  /// Appends text with control characters made visible (a newline `↵`, a tab `⇥`, others in
  /// caret notation such as `^[`), stopping once it is wider than `cap` (0: no cap).
  mutating func appendText(_ text: UnsafeBufferPointer<UInt8>, cap: Int) {
    var emitter = CopyingEmitter(bytes: bytes)
    bytes = []
    let (width, cut) = Self.scanText(text, cap: cap, into: &emitter)
    bytes = emitter.bytes
    if cut { wasCut = true }
    ends.append(bytes.count)
    widths.append(width)
    kinds.append(.text)
  }

  /// The display width `appendText` would give `text`, and whether it would be cut.
  static func textWidth(_ text: UnsafeBufferPointer<UInt8>, cap: Int) -> (width: Int, cut: Bool) {
    var emitter = MeasuringEmitter()
    return scanText(text, cap: cap, into: &emitter)
  }

  /// Walks `text` as drawn (control characters made visible), handing the bytes to `emitter`
  /// until the width passes `cap` (0: no cap).
  @inline(__always)
  private static func scanText<Emitter: TextEmitter>(
    _ text: UnsafeBufferPointer<UInt8>, cap: Int, into emitter: inout Emitter
  ) -> (width: Int, cut: Bool) {
    var width = 0
    var index = 0
    let count = text.count
    while index < count {
      if cap > 0 && width > cap { return (width, true) }
      let byte = text[index]
      if byte >= 0x20 && byte < 0x7F {
        emitter.append(byte)
        width += 1
        index += 1
        continue
      }
      if byte < 0x20 || byte == 0x7F {
        switch byte {
        case 0x0A: newline.withUnsafeBufferPointer { emitter.append($0) }
        case 0x09: tab.withUnsafeBufferPointer { emitter.append($0) }
        default:
          emitter.append(0x5E)
          emitter.append(byte == 0x7F ? 0x3F : byte + 0x40)
          width += 1
        }
        width += 1
        index += 1
        continue
      }
      var end = index + 1
      while end < count, text[end] & 0xC0 == 0x80 { end += 1 }
      // A C1 control (U+0080...U+009F: U+009B is CSI, U+009D OSC) or bytes that are not
      // UTF-8 (a lone 0x9B is CSI to an 8-bit terminal) never reach the terminal: shown as
      // less shows them, `<9B>`.
      let expected = byte >= 0xF5 ? 0 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 0
      if byte == 0xC2 && end - index == 2 && text[index + 1] < 0xA0 {
        appendHex(text[index + 1], to: &emitter)
        width += 4
        index = end
        continue
      }
      if end - index != expected {
        for position in index..<end { appendHex(text[position], to: &emitter) }
        width += 4 * (end - index)
        index = end
        continue
      }
      let character = UnsafeBufferPointer(rebasing: text[index..<end])
      width += DisplayWidth.width(ofCharacter: character)
      emitter.append(character)
      index = end
    }
    return (width, false)
  }

  /// `<9B>`: a byte (or a C1 control's code point) shown in hexadecimal.
  @inline(__always)
  private static func appendHex<Emitter: TextEmitter>(_ byte: UInt8, to emitter: inout Emitter) {
    emitter.append(UInt8(ascii: "<"))
    emitter.append(hexDigits[Int(byte >> 4)])
    emitter.append(hexDigits[Int(byte & 0x0F)])
    emitter.append(UInt8(ascii: ">"))
  }

  private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
  static let ellipsis: [UInt8] = Array("…".utf8)
  private static let newline: [UInt8] = Array("↵".utf8)
  private static let tab: [UInt8] = Array("⇥".utf8)
}

/// Cutting display text to a width.
enum DisplayText {
  /// The end of the longest prefix of `text` at most `width` display columns wide, and that
  /// prefix's width.
  static func prefix(of text: UnsafeBufferPointer<UInt8>, width limit: Int) -> (
    end: Int, width: Int
  ) {
    var width = 0
    var index = 0
    while index < text.count {
      var end = index + 1
      while end < text.count, text[end] & 0xC0 == 0x80 { end += 1 }
      let next =
        width + DisplayWidth.width(ofCharacter: UnsafeBufferPointer(rebasing: text[index..<end]))
      if next > limit { break }
      width = next
      index = end
    }
    return (index, width)
  }

  /// The display width of UTF-8 text.
  static func width(of text: UnsafeBufferPointer<UInt8>) -> Int {
    DisplayWidth.measure(text, displayWidth: true)
  }
}

/// Where ``DisplayRow`` puts the bytes of text it walks.
private protocol TextEmitter {
  mutating func append(_ byte: UInt8)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
}

/// Keeps the bytes (a row held for the screen).
private struct CopyingEmitter: TextEmitter {
  var bytes: [UInt8]
  @inline(__always) mutating func append(_ byte: UInt8) { bytes.append(byte) }
  @inline(__always) mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: buffer)
  }
}

/// Drops the bytes (measuring only).
private struct MeasuringEmitter: TextEmitter {
  @inline(__always) mutating func append(_ byte: UInt8) {}
  @inline(__always) mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {}
}
