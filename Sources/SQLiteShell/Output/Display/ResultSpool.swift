import Glibc
import SQLiteCore

/// The rows of the last result shown in the display mode, kept for `.last` without holding
/// them in memory and without running the statement again.
///
/// Each row is appended as it is stepped to a temporary file that is unlinked as soon as it is
/// made: it has no name, so nothing is left on disk when the shell exits (or is killed), and
/// the next result reuses it from the start. Memory is one 64 KiB buffer whatever the result.
///
/// The file may grow to half the space free on its file system when the result starts
/// (``byteLimit``): `/tmp` is often a tmpfs, whose pages are memory, and a result too big to
/// keep must not fill it. Past the limit the spool stops and `.last` says why.
///
/// Format, per cell: a kind byte (``DisplayCellKind``), then 8 bytes for an integer (its bits)
/// or a real (its bit pattern), or a 4-byte length and the bytes for text and blobs.
package final class ResultSpool: @unchecked Sendable {
  private var descriptor: Int32 = -1
  private var buffer: [UInt8] = []
  private var written: Int64 = 0
  /// The column names of the result, or `nil` before the first result.
  package private(set) var columnNames: [String]?
  /// How many rows the result had.
  package private(set) var rowCount = 0
  /// Whether every row reached the file (`false` after a write failed or the limit was passed).
  package var isComplete: Bool { failure == nil }
  /// Why the last result was not kept whole, when ``isComplete`` is `false`.
  package private(set) var failure: Failure?
  /// Where the file is made; `nil`: `$TMPDIR`, else `/tmp`.
  var directory: String?
  /// The most bytes one result may take; `nil`: half the space free when the result starts.
  var byteLimit: Int64?
  private var limit: Int64 = .max

  /// Why a result was not kept.
  package enum Failure: Equatable {
    /// The file could not be made or written (a full disk, a missing `$TMPDIR`).
    case writeFailed
    /// The result passed this many bytes.
    case tooLarge(Int64)
  }

  /// An empty spool; the file is made at the first result.
  package init() {}

  deinit { if descriptor >= 0 { close(descriptor) } }

  /// Starts a new result with these columns, dropping the last one.
  func begin(columnNames names: [String]) {
    columnNames = names
    rowCount = 0
    written = 0
    buffer.removeAll(keepingCapacity: true)
    failure = openFile() ? nil : .writeFailed
    if isComplete {
      _ = ftruncate(descriptor, 0)
      limit = byteLimit ?? freeBytes() / 2
    }
  }

  /// Appends the current row of `source`.
  func append(_ source: some RowSource) {
    rowCount += 1
    guard isComplete else { return }
    for index in 0..<source.columnCount {
      switch source.storageClass(at: index) {
      case .null:
        buffer.append(DisplayCellKind.null.rawValue)
      case .integer:
        buffer.append(DisplayCellKind.integer.rawValue)
        appendWord(UInt64(bitPattern: source.int64(at: index)))
      case .real:
        buffer.append(DisplayCellKind.real.rawValue)
        appendWord(source.double(at: index).bitPattern)
      case .blob:
        buffer.append(DisplayCellKind.blob.rawValue)
        source.withUnsafeBlob(at: index) { appendBytes(UnsafeRawBufferPointer($0)) }
      default:
        buffer.append(DisplayCellKind.text.rawValue)
        source.withUnsafeText(at: index) { appendBytes(UnsafeRawBufferPointer($0)) }
      }
    }
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Writes out what is buffered; call when the result ends.
  func finish() { flush() }

  /// Reads the rows back in order into `row` (each cell cut at `cap` display columns and a
  /// blob at `blobCap` bytes, 0: whole), calling `body` for each until it returns `false`.
  func forEachRow(
    null: [UInt8], cap: Int, blobCap: Int, _ body: (DisplayRow) -> Bool
  ) {
    guard let names = columnNames, isComplete, descriptor >= 0 else { return }
    var reader = SpoolReader(descriptor: descriptor, end: written)
    var row = DisplayRow()
    var digits: [UInt8] = []
    for _ in 0..<rowCount {
      row.reset()
      for _ in 0..<names.count {
        guard let kind = reader.byte().flatMap(DisplayCellKind.init(rawValue:)) else { return }
        switch kind {
        case .null: row.appendPlain(null, kind: .null)
        case .integer:
          digits.removeAll(keepingCapacity: true)
          ValueBytes.appendInteger(Int64(bitPattern: reader.word()), to: &digits)
          row.appendPlain(digits, kind: .integer)
        case .real:
          digits.removeAll(keepingCapacity: true)
          SQLiteFormatting.appendReal(
            Double(bitPattern: reader.word()), significantDigits: 15, to: &digits)
          row.appendPlain(digits, kind: .real)
        case .text:
          reader.bytes { row.appendText($0, cap: cap) }
        case .blob:
          reader.bytes { row.appendBlob(UnsafeRawBufferPointer($0), cap: blobCap) }
        }
      }
      if !body(row) { return }
    }
  }

  /// Measures the rows: the first pass, which decides widths before any line is drawn.
  ///
  /// Returns each column's widest cell as drawn (cut at `cap` columns, a blob at `blobCap`
  /// bytes), which columns hold only numbers and whether a cell was cut; `nil` when
  /// `isStopped` said to stop. Nothing is copied or made safe on the way.
  func measure(
    nullWidth: Int, cap: Int, blobCap: Int, until isStopped: () -> Bool
  ) -> (widths: [Int], isNumber: [Bool], cut: Bool)? {
    guard let names = columnNames, isComplete, descriptor >= 0 else { return nil }
    var widths = [Int](repeating: 0, count: names.count)
    var numbers = [Bool](repeating: true, count: names.count)
    var seen = [Bool](repeating: false, count: names.count)
    var cut = false
    var reader = SpoolReader(descriptor: descriptor, end: written)
    var scratch: [UInt8] = []
    for row in 0..<rowCount {
      if row & 0x3FF == 0 && isStopped() { return nil }
      for column in 0..<names.count {
        guard let kind = reader.byte().flatMap(DisplayCellKind.init(rawValue:)) else {
          return nil
        }
        let width: Int
        switch kind {
        case .null: width = nullWidth
        case .integer:
          let value = Int64(bitPattern: reader.word())
          var magnitude = value.magnitude
          var digits = 1
          while magnitude >= 10 {
            magnitude /= 10
            digits += 1
          }
          width = digits + (value < 0 ? 1 : 0)
        case .real:
          scratch.removeAll(keepingCapacity: true)
          SQLiteFormatting.appendReal(
            Double(bitPattern: reader.word()), significantDigits: 15, to: &scratch)
          width = scratch.count
        case .text:
          var measured = (width: 0, cut: false)
          reader.bytes { measured = DisplayRow.textWidth($0, cap: cap) }
          if measured.cut { cut = true }
          width = measured.width
        case .blob:
          var length = 0
          reader.bytes { length = $0.count }
          let shown = blobCap > 0 ? min(length, blobCap) : length
          if shown < length { cut = true }
          width = 3 + 2 * shown + (shown < length ? 1 : 0)
        }
        widths[column] = max(widths[column], width)
        if kind != .null {
          seen[column] = true
          if !kind.isNumber { numbers[column] = false }
        }
      }
    }
    return (widths, names.indices.map { numbers[$0] && seen[$0] }, cut)
  }

  private func appendWord(_ word: UInt64) {
    withUnsafeBytes(of: word.littleEndian) { buffer.append(contentsOf: $0) }
  }

  private func appendBytes(_ bytes: UnsafeRawBufferPointer) {
    appendWord32(UInt32(truncatingIfNeeded: bytes.count))
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 { flush() }
  }

  private func appendWord32(_ word: UInt32) {
    withUnsafeBytes(of: word.littleEndian) { buffer.append(contentsOf: $0) }
  }

  private func flush() {
    guard isComplete, !buffer.isEmpty else {
      buffer.removeAll(keepingCapacity: true)
      return
    }
    if written + Int64(buffer.count) > limit {
      failure = .tooLarge(limit)
      buffer.removeAll(keepingCapacity: true)
      _ = ftruncate(descriptor, 0)
      return
    }
    let ok = buffer.withUnsafeBytes { bytes -> Bool in
      var offset = 0
      while offset < bytes.count {
        let count = pwrite(
          descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset,
          off_t(written))
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { return false }
        offset += count
        written += Int64(count)
      }
      return true
    }
    if !ok { failure = .writeFailed }
    buffer.removeAll(keepingCapacity: true)
  }

  /// The bytes free to this user on the file's file system; `.max` when it cannot be told.
  private func freeBytes() -> Int64 {
    var stats = statvfs()
    guard fstatvfs(descriptor, &stats) == 0 else { return .max }
    let (free, overflow) = UInt64(stats.f_bavail).multipliedReportingOverflow(
      by: UInt64(stats.f_frsize))
    return overflow ? .max : Int64(clamping: free)
  }

  /// Makes the nameless file once: `mkstemp` in `$TMPDIR` (else `/tmp`), then `unlink`.
  private func openFile() -> Bool {
    if descriptor >= 0 { return true }
    var directory = self.directory ?? getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    if directory.isEmpty { directory = "/tmp" }
    var template = Array((directory + "/litesh-last-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
    guard made >= 0 else { return false }
    template.withUnsafeBufferPointer { _ = $0.baseAddress.map { unlink($0) } }
    _ = fcntl(made, F_SETFD, FD_CLOEXEC)
    descriptor = made
    return true
  }
}

/// Reads a spool file sequentially through a 64 KiB buffer.
private struct SpoolReader {
  let descriptor: Int32
  let end: Int64
  private var offset: Int64 = 0
  private var buffer: [UInt8] = []
  private var position = 0

  init(descriptor: Int32, end: Int64) {
    self.descriptor = descriptor
    self.end = end
  }

  /// Makes at least `count` bytes available; `false` at the end of the file.
  private mutating func fill(_ count: Int) -> Bool {
    if buffer.count - position >= count { return true }
    buffer.removeSubrange(0..<position)
    position = 0
    let want = max(count - buffer.count, 1 << 16)
    let old = buffer.count
    buffer += repeatElement(0, count: want)
    var got = 0
    while got < want, offset < end {
      let count = buffer.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress.map { $0 + old + got }, want - got, off_t(offset))
      }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      got += count
      offset += Int64(count)
    }
    buffer.removeSubrange((old + got)...)
    return buffer.count >= count
  }

  mutating func byte() -> UInt8? {
    guard fill(1) else { return nil }
    defer { position += 1 }
    return buffer[position]
  }

  mutating func word() -> UInt64 {
    guard fill(8) else { return 0 }
    var value: UInt64 = 0
    for index in 0..<8 { value |= UInt64(buffer[position + index]) << (8 * index) }
    position += 8
    return value
  }

  /// Hands `body` the next length-prefixed value.
  mutating func bytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    guard fill(4) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
    var length = 0
    for index in 0..<4 { length |= Int(buffer[position + index]) << (8 * index) }
    position += 4
    guard fill(length) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
    buffer.withUnsafeBufferPointer {
      body(UnsafeBufferPointer(rebasing: $0[position..<(position + length)]))
    }
    position += length
  }
}
