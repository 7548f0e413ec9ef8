import CSQLite

/// Number and literal spellings made by SQLite's own printf, byte for byte as the sqlite3 shell.
public enum SQLiteFormatting {
  /// Appends a real formatted like `%!.15g` (`significantDigits` 15) or `%!.20g` to `output`.
  ///
  /// The `!` flag makes SQLite keep a `.0` on integral values (`2.0`, `1.0e+100`).
  @inline(__always)
  public static func appendReal(_ value: Double, significantDigits: Int, to output: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
      guard let base = buffer.baseAddress else { return }
      // Static formats for the common digit counts: a Swift String would be converted to a
      // C string (an allocation) on every call, which showed in profiles of large dumps.
      let length: Int
      switch significantDigits {
      case 15: length = format(value, "%!.15g", into: base)
      case 20: length = format(value, "%!.20g", into: base)
      default: length = Int(csqlite_format_double(base, 64, "%!.\(significantDigits)g", value))
      }
      base.withMemoryRebound(to: UInt8.self, capacity: length) {
        output.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
      }
    }
  }

  @inline(__always)
  private static func format(
    _ value: Double, _ format: StaticString, into base: UnsafeMutablePointer<CChar>
  ) -> Int {
    let cFormat = UnsafeRawPointer(format.utf8Start).assumingMemoryBound(to: CChar.self)
    return Int(csqlite_format_double(base, 64, cFormat, value))
  }

  /// A real formatted like `%!.15g` or `%!.20g`.
  public static func real(_ value: Double, significantDigits: Int = 15) -> String {
    var bytes: [UInt8] = []
    appendReal(value, significantDigits: significantDigits, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `sqlite3_mprintf` with one string argument: `%Q` (quoted literal or NULL), `%q`, `%w`.
  public static func printf(_ format: String, _ argument: String) -> String {
    guard let result = csqlite_mprintf_string(format, argument) else { return "" }
    defer { sqlite3_free(result) }
    return String(cString: result)
  }
}
