import Glibc
import SQLiteCore

/// The sink's pending bytes, moved into a local buffer while a formatter runs.
///
/// Appending to `sink.buffer` through the class costs an exclusivity check per call; formatters
/// append to ``bytes`` instead and hand the buffer back every 64 KiB and at the end. When the
/// sink ``OutputSink/interleavesWrites`` (a trace or log writes to it from inside `step`), the
/// writer leaves the sink's buffer in place and appends each finished row to it, so every line
/// lands in order; bytes another writer added meanwhile are never lost either way. Rows bound
/// for a file descriptor are also handed over and flushed when ``FlushTicker`` says a tenth of
/// a second passed, so rows of a slow query appear as they are found.
struct BufferedWriter {
  /// The bytes not yet handed to the sink.
  var bytes: [UInt8] = []
  private let sink: OutputSink
  private let isOrdered: Bool
  private let counter: RowCounter?
  /// Unowned: the ticker lives as long as the process, and a strong reference would cost a
  /// retain and a release per row.
  private unowned(unsafe) let ticker: FlushTicker
  /// Whether rows are flushed on the ticker (not for a sink in memory).
  private let flushesOnTime: Bool
  /// The sink's ``OutputSink/isInterrupted``.
  let isInterrupted: (@Sendable () -> Bool)?
  private let rowBase: Int
  private var rows = 0
  /// The sink's ``OutputSink/flushThreshold``: bytes handed over once they reach it.
  private let threshold: Int

  init(_ sink: OutputSink) {
    self.sink = sink
    isOrdered = sink.interleavesWrites
    counter = sink.rowCounter
    ticker = FlushTicker.shared
    flushesOnTime = !sink.isMemory && sink.flushesRowsOnTime
    threshold = sink.flushThreshold
    isInterrupted = sink.isInterrupted
    rowBase = counter?.value ?? 0
    if !isOrdered { swap(&bytes, &sink.buffer) }
  }

  /// Counts a row and lets the sink write out a full buffer; call after each row.
  @inline(__always)
  mutating func rowDone() {
    countRow()
    lineDone()
  }

  /// Counts a row without handing bytes over (a columnar formatter collecting its rows).
  @inline(__always)
  mutating func countRow() {
    rows &+= 1
    counter?.store(rowBase &+ rows)
  }

  /// Lets the sink write out a full buffer, without counting a row.
  @inline(__always)
  mutating func lineDone() {
    if isOrdered {
      sink.buffer.append(contentsOf: bytes)
      bytes.removeAll(keepingCapacity: true)
      sink.flushIfFull()
      if flushesOnTime && ticker.isDue { flushNow() }
    } else if bytes.count >= threshold {
      swap(&bytes, &sink.buffer)
      sink.flushIfFull()
      swap(&bytes, &sink.buffer)
    } else if flushesOnTime && ticker.isDue {
      flushNow()
    }
  }

  /// Writes out everything so far, because the ticker says rows are due.
  @inline(never)
  private mutating func flushNow() {
    if !isOrdered { swap(&bytes, &sink.buffer) }
    sink.flush()
    if !isOrdered { swap(&bytes, &sink.buffer) }
    ticker.consume()
  }

  /// Appends a string's UTF-8 bytes.
  @inline(__always)
  mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// Appends bytes; one byte (a separator, usually) as an element, which skips the ~50
  /// instructions `append(contentsOf:)` spends on setting up a copy.
  @inline(__always)
  mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
    if buffer.count == 1 {
      bytes.append(buffer[0])
    } else {
      bytes.append(contentsOf: buffer)
    }
  }

  /// Appends `count` spaces.
  @inline(__always)
  mutating func appendSpaces(_ count: Int) {
    if count > 0 { bytes.append(contentsOf: repeatElement(0x20, count: count)) }
  }

  /// Hands the buffer back to the sink, after anything another writer added meanwhile.
  mutating func finish() {
    if isOrdered {
      sink.buffer.append(contentsOf: bytes)
      bytes.removeAll()
    } else {
      swap(&bytes, &sink.buffer)
      if !bytes.isEmpty { sink.buffer.append(contentsOf: bytes) }
    }
    sink.flushIfFull()
  }
}

/// Byte-level helpers shared by the formatters.
enum ValueBytes {
  /// The bytes before the first NUL: what C's `%s` prints of a value.
  @inline(__always)
  static func cString(_ buffer: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return buffer }
    guard let nul = memchr(base, 0, buffer.count) else { return buffer }
    return UnsafeBufferPointer(start: base, count: UnsafeRawPointer(base).distance(to: nul))
  }

  /// Appends the decimal digits of `value`.
  @inline(__always)
  static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
    if value >= 0, value < 10 {
      out.append(0x30 &+ UInt8(truncatingIfNeeded: value))
      return
    }
    var magnitude = value.magnitude
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var index = 20
      repeat {
        index -= 1
        digits[index] = 0x30 &+ UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if value < 0 { out.append(0x2D) }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[index..<20]))
    }
  }

  /// Appends a value as sqlite3's text modes print it: `%!.15g` reals, text and blobs cut at
  /// the first NUL, `null` for NULL.
  @inline(__always)
  static func appendPlain(
    _ statement: some RowSource, _ index: Int, null: UnsafeBufferPointer<UInt8>,
    to out: inout [UInt8]
  ) {
    switch statement.storageClass(at: index) {
    case .null:
      out.append(contentsOf: null)
    case .integer:
      appendInteger(statement.int64(at: index), to: &out)
    case .real:
      SQLiteFormatting.appendReal(statement.double(at: index), significantDigits: 15, to: &out)
    case .text, .blob:
      statement.withUnsafeText(at: index) { out.append(contentsOf: cString($0)) }
    }
  }

  /// ``appendPlain(_:_:null:to:)`` with the NULL text in an array.
  @inline(__always)
  static func appendPlain(
    _ statement: some RowSource, _ index: Int, null: [UInt8], to out: inout [UInt8]
  ) {
    null.withUnsafeBufferPointer { appendPlain(statement, index, null: $0, to: &out) }
  }

  /// Appends `X'…'` with lower-case hex digits (`x'…'` when `lowercasePrefix`).
  static func appendHexBlob(
    _ blob: UnsafeRawBufferPointer, lowercasePrefix: Bool = false, to out: inout [UInt8]
  ) {
    let digits: StaticString = "0123456789abcdef"
    out.append(lowercasePrefix ? 0x78 : 0x58)
    out.append(0x27)
    digits.withUTF8Buffer { hex in
      for byte in blob {
        out.append(hex[Int(byte >> 4)])
        out.append(hex[Int(byte & 0x0F)])
      }
    }
    out.append(0x27)
  }

  /// Appends a real like `%!.20g`, or `1e999`/`-1e999` for infinities when `infinityAs999`.
  static func appendReal20(_ value: Double, infinityAs999: Bool, to out: inout [UInt8]) {
    if infinityAs999, value.isInfinite {
      out.append(contentsOf: (value < 0 ? "-1e999" : "1e999").utf8)
      return
    }
    SQLiteFormatting.appendReal(value, significantDigits: 20, to: &out)
  }

  /// Appends `text` as an SQL string literal (`'…'`, quotes doubled).
  static func appendQuoted(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    out.append(0x27)
    for byte in text {
      out.append(byte)
      if byte == 0x27 { out.append(0x27) }
    }
    out.append(0x27)
  }
}

/// A string's UTF-8 bytes in memory the formatter owns for one statement.
///
/// Appending an `UnsafeBufferPointer` costs no reference counting, unlike appending an `Array`
/// in a hot loop; call ``release()`` when done.
struct FixedBytes {
  /// The bytes.
  let buffer: UnsafeBufferPointer<UInt8>

  init(_ text: String) {
    let bytes = Array(text.utf8)
    let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
    _ = storage.initialize(from: bytes)
    buffer = UnsafeBufferPointer(start: storage.baseAddress, count: bytes.count)
  }

  /// Frees the bytes.
  func release() { UnsafeMutableBufferPointer(mutating: buffer).deallocate() }
}
