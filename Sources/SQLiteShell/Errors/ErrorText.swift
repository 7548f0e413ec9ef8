package import SQLiteCore

/// The texts sqlite3 3.40.1 prints for SQL errors, built byte for byte like its
/// `save_err_msg` and `shell_error_context`.
package enum ErrorText {
  /// Where an SQL error happened: while preparing a statement or while stepping it.
  package enum Phase: Sendable {
    /// `sqlite3_prepare` failed: `Parse error` in scripts, `in prepare, ` for arguments.
    case prepare
    /// `sqlite3_step` failed: `Runtime error` in scripts, `stepping, ` for arguments.
    case step
  }

  /// `in prepare, near "x": syntax error` plus the caret block, or `stepping, … (19)`.
  ///
  /// The result code is added when it is above 1, as the primary code (sqlite3 does not
  /// enable extended codes); the caret block only when SQLite reported an offset.
  package static func detail(_ error: SQLiteError, phase: Phase) -> String {
    detail(error, phase: phase, sql: nil).string
  }

  /// ``detail(_:phase:)`` as bytes: the message and `sql` (the text from the failing
  /// statement on, else the error's own ``SQLiteError/sql``) exactly as SQLite saw them.
  package static func detail(_ error: SQLiteError, phase: Phase, sql: SQLText?) -> SQLText {
    var text = SQLText(phase == .prepare ? "in prepare, " : "stepping, ")
    if let bytes = error.messageBytes {
      text.append(contentsOf: bytes)
    } else {
      text.append(SQLText(error.message))
    }
    let code = error.primaryCode.rawValue
    if code > 1 { text.append(SQLText(" (\(code))")) }
    if phase == .prepare, let offset = error.offset,
      let sql = sql ?? error.sql.map({ SQLText($0) })
    {
      text.append(context(sql: sql, offset: offset))
    }
    return text
  }

  /// The line a script error prints: `Parse error near line 3: …` (no line when interactive).
  package static func scriptLine(_ error: SQLiteError, phase: Phase, line: Int?) -> String {
    scriptLine(error, phase: phase, sql: nil, line: line).string
  }

  /// ``scriptLine(_:phase:line:)`` as bytes, with the failing text as given (see
  /// ``detail(_:phase:sql:)``).
  package static func scriptLine(
    _ error: SQLiteError, phase: Phase, sql: SQLText?, line: Int?
  ) -> SQLText {
    let detail = detail(error, phase: phase, sql: sql)
    let (kind, tail) =
      phase == .prepare
      ? ("Parse error", detail.bytes.dropFirst("in prepare, ".utf8.count))
      : ("Runtime error", detail.bytes.dropFirst("stepping, ".utf8.count))
    var text = SQLText(line.map { "\(kind) near line \($0): " } ?? "\(kind): ")
    text.append(contentsOf: tail)
    text.append(UInt8(ascii: "\n"))
    return text
  }

  /// The caret block under a statement: two lines, each indented two spaces.
  ///
  /// `sql` starts where SQLite began preparing; leading white space is skipped first, as
  /// sqlite3 skips it between statements. Long text is cut to the 50 bytes before the error
  /// and 78 bytes in all, never inside a UTF-8 sequence.
  package static func context(sql: String, offset: Int) -> String {
    context(sql: SQLText(sql), offset: offset).string
  }

  /// ``context(sql:offset:)`` on the exact bytes SQLite prepared.
  package static func context(sql: SQLText, offset: Int) -> SQLText {
    var bytes = Array(sql.bytes)
    var offset = offset
    let leading = bytes.prefix(while: isSpace).count
    bytes.removeFirst(leading)
    offset -= leading
    guard offset >= 0 else { return SQLText() }
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
    var text = SQLText("\n  ")
    text.append(contentsOf: code)
    text.append(SQLText("\n  "))
    if offset < 25 {
      text.append(SQLText(String(repeating: " ", count: max(offset, 0)) + "^--- error here"))
    } else {
      text.append(SQLText(String(repeating: " ", count: offset - 14) + "error here ---^"))
    }
    return text
  }
}
