import Glibc
import SQLiteShell

/// Reads the input (after one byte choosing CSV or ASCII and the separators) with
/// ``ImportReader`` from a file, and checks that the fields are the input's bytes.
enum CSVFuzz {
  static let columnSeparators: [UInt8] = [0x2C, 0x7C, 0x09, 0x1F, 0x3B]
  static let rowSeparators: [UInt8] = [0x0A, 0x1E, 0x0D]

  static func run(_ data: [UInt8]) -> [String] {
    var input = FuzzReader(data)
    let choice = input.byte()
    let isCSV = choice & 1 == 0
    let column = columnSeparators[Int(choice >> 1) % columnSeparators.count]
    let row = rowSeparators[Int(choice >> 4) % rowSeparators.count]
    let content = input.rest()
    guard let fields = read(content, column: column, row: row, isCSV: isCSV) else {
      return ["could not make a temporary file"]
    }
    return check(fields, content, column: column, row: row, isCSV: isCSV)
  }

  /// What one read of the whole input gave.
  struct Fields {
    var fields: [(bytes: [UInt8], terminator: Int32)] = []
    var problem: ImportReader.Problem?
    var bytesRead = 0
    var lines = 1
    var isRunaway = false
  }

  /// Reads every field of `content` from an unlinked temporary file.
  static func read(_ content: [UInt8], column: UInt8, row: UInt8, isCSV: Bool) -> Fields? {
    var template = Array("/tmp/litesh-fuzz-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return Int32(-1) }
      let descriptor = mkstemp(base)
      if descriptor >= 0 { unlink(base) }
      return descriptor
    }
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    let written = content.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard written == content.count, lseek(descriptor, 0, SEEK_SET) == 0 else { return nil }
    var reader = ImportReader(
      descriptor: descriptor, columnSeparator: column, rowSeparator: row, isCSV: isCSV)
    defer { reader.release() }
    var result = Fields()
    while reader.readField() {
      result.fields.append((reader.field, reader.terminator))
      if result.fields.count > content.count + 1 {
        result.isRunaway = true
        break
      }
    }
    result.problem = reader.problem
    result.bytesRead = reader.bytesRead
    result.lines = reader.line
    return result
  }

  private static func check(
    _ result: Fields, _ content: [UInt8], column: UInt8, row: UInt8, isCSV: Bool
  ) -> [String] {
    var failures: [String] = []
    if result.isRunaway { failures.append("more fields than input bytes") }
    let total = result.fields.reduce(0) { $0 + $1.bytes.count }
    if total > content.count { failures.append("\(total) field bytes from \(content.count)") }
    if result.bytesRead > content.count { failures.append("read \(result.bytesRead) bytes") }
    let rows = content.count { $0 == row }
    if result.lines > rows + 1 { failures.append("line \(result.lines) of \(rows + 1)") }
    guard result.problem == nil else { return failures }
    if result.bytesRead != content.count {
      failures.append("read \(result.bytesRead) of \(content.count) bytes without a problem")
    }
    for field in result.fields where field.bytes.contains(0) || !isValidUTF8(field.bytes) {
      failures.append("field \(field.bytes) is not clean UTF-8")
    }
    guard !isCSV || !content.contains(0x22) else { return failures }
    // Without quotes the fields and their terminators are the input again, less a CSV byte
    // order mark and one `\r` before each row separator.
    var expected = content[...]
    if isCSV && expected.starts(with: [0xEF, 0xBB, 0xBF]) { expected = expected.dropFirst(3) }
    var rebuilt: [UInt8] = []
    for field in result.fields {
      rebuilt += field.bytes
      if field.terminator >= 0 { rebuilt.append(UInt8(truncatingIfNeeded: field.terminator)) }
    }
    if isCSV { expected = removingCarriageReturns(expected, before: row)[...] }
    if rebuilt != Array(expected) {
      failures.append("fields \(rebuilt) rebuild \(Array(expected))")
    }
    return failures
  }

  /// The bytes without the `\r` right before each `row` byte.
  private static func removingCarriageReturns(_ bytes: ArraySlice<UInt8>, before row: UInt8)
    -> [UInt8]
  {
    var result: [UInt8] = []
    for byte in bytes {
      if byte == row, result.last == 0x0D, row != 0x0D { result.removeLast() }
      result.append(byte)
    }
    return result
  }
}
