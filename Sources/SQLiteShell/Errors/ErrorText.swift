public import SQLiteCore

/// The texts sqlite3 3.40.1 prints for SQL errors, built byte for byte like its
/// `save_err_msg` and `shell_error_context`.
public enum ErrorText {
  /// Where an SQL error happened: while preparing a statement or while stepping it.
  public enum Phase: Sendable {
    /// `sqlite3_prepare` failed: `Parse error` in scripts, `in prepare, ` for arguments.
    case prepare
    /// `sqlite3_step` failed: `Runtime error` in scripts, `stepping, ` for arguments.
    case step
  }

  /// `in prepare, near "x": syntax error` plus the caret block, or `stepping, … (19)`.
  ///
  /// The result code is added when it is above 1, as the primary code (sqlite3 does not
  /// enable extended codes); the caret block only when SQLite reported an offset.
  public static func detail(_ error: SQLiteError, phase: Phase) -> String {
    var text = phase == .prepare ? "in prepare, " : "stepping, "
    text += error.message
    let code = error.primaryCode.rawValue
    if code > 1 { text += " (\(code))" }
    if phase == .prepare, let sql = error.sql, let offset = error.offset {
      text += context(sql: sql, offset: offset)
    }
    return text
  }

  /// The line a script error prints: `Parse error near line 3: …` (no line when interactive).
  public static func scriptLine(_ error: SQLiteError, phase: Phase, line: Int?) -> String {
    let detail = detail(error, phase: phase)
    let (kind, tail) =
      phase == .prepare
      ? ("Parse error", detail.dropFirst("in prepare, ".utf8.count))
      : ("Runtime error", detail.dropFirst("stepping, ".utf8.count))
    if let line { return "\(kind) near line \(line): \(tail)\n" }
    return "\(kind): \(tail)\n"
  }

  /// The caret block under a statement: two lines, each indented two spaces.
  ///
  /// `sql` starts where SQLite began preparing; leading white space is skipped first, as
  /// sqlite3 skips it between statements. Long text is cut to the 50 bytes before the error
  /// and 78 bytes in all, never inside a UTF-8 sequence.
  public static func context(sql: String, offset: Int) -> String {
    var bytes = Array(sql.utf8)
    var offset = offset
    let leading = bytes.prefix(while: isSpace).count
    bytes.removeFirst(leading)
    offset -= leading
    guard offset >= 0 else { return "" }
    var start = 0
    while offset > 50 {
      offset -= 1
      start += 1
      while start < bytes.count, bytes[start] & 0xC0 == 0x80 {
        start += 1
        offset -= 1
      }
    }
    var length = bytes.count - min(start, bytes.count)
    if length > 78 {
      length = 78
      while start + length < bytes.count, bytes[start + length] & 0xC0 == 0x80 { length -= 1 }
    }
    let code = bytes[start..<(start + length)].map { isSpace($0) ? UInt8(ascii: " ") : $0 }
    var text = "\n  " + String(decoding: code, as: UTF8.self) + "\n  "
    if offset < 25 {
      text += String(repeating: " ", count: max(offset, 0)) + "^--- error here"
    } else {
      text += String(repeating: " ", count: offset - 14) + "error here ---^"
    }
    return text
  }
}
