package import SQLiteCore

/// The error report a person at a terminal gets for a statement typed at the prompt: the line
/// of the statement the error is on, whole, with a caret under the token, and for a misspelt
/// column the closest columns of the tables in scope.
///
/// ```text
/// Parse error: no such column: Milisecond
///   line 7 of the statement:
///     WHERE Milisecond > 1000
///           ^
///   closest columns: Milliseconds, MediaTypeId
/// ```
///
/// Only for a person (``SessionAudience/isPerson``) typing at the prompt: scripts, pipes and
/// programs get sqlite3's flattened caret block from ``ErrorText``, byte for byte.
package struct StatementErrorReport: Sendable, Equatable {
  /// The first line: `Parse error: …` or `Runtime error: … (19)`, as sqlite3 words it.
  package var headline: String
  /// The line of the statement the error is on (1 for the first), when it is known.
  package var lineNumber: Int?
  /// How many lines the statement has.
  package var lineCount: Int
  /// The whole line the error is on, without its newline.
  package var sourceLine: String?
  /// The caret line: white space as wide as the text before the token (tabs kept), then `^`.
  package var caretLine: String?
  /// The closest columns for `no such column` (tables for `no such table`), best first.
  package var suggestions: [String]
  /// What ``suggestions`` are: `columns`, `tables` or `functions`.
  package var suggestionKind = "columns"

  /// The report for an error in `sql` (the text from the failing statement on, as given);
  /// `connection` supplies the columns for suggestions.
  package init(
    error: SQLiteError, phase: ErrorText.Phase, sql: SQLText?, connection: Connection?
  ) {
    let code = error.primaryCode.rawValue
    headline =
      (phase == .prepare ? "Parse error: " : "Runtime error: ") + error.message
      + (code > 1 ? " (\(code))" : "")
    lineNumber = nil
    lineCount = 1
    sourceLine = nil
    caretLine = nil
    suggestions = []
    guard let text = (sql?.string ?? error.sql) else { return }
    let statement = Self.statementText(text)
    lineCount = statement.text.split(separator: "\n", omittingEmptySubsequences: false).count
    let offset =
      (phase == .prepare ? error.offset.map { $0 - statement.leading } : nil)
      ?? Self.offsetOfName(in: error.message, within: statement.text)
    if let offset, offset >= 0, offset <= statement.text.utf8.count {
      locate(offset, in: statement.text)
    }
    guard let connection else { return }
    if let column = Self.missingName(in: error.message, kind: "column") {
      suggestions = ColumnSuggestions.closest(
        to: column, statement: statement.text, connection: connection)
    } else if let table = Self.missingName(in: error.message, kind: "table") {
      suggestionKind = "tables"
      suggestions = ColumnSuggestions.closestTables(to: table, connection: connection)
    } else if let function = Self.missingName(in: error.message, kind: "function") {
      suggestionKind = "functions"
      suggestions = ColumnSuggestions.closestFunctions(to: function, connection: connection)
    }
  }

  /// The report as printed: the headline, the line with its caret, the suggestions.
  package var text: String {
    var text = headline + "\n"
    if let sourceLine, let caretLine {
      if lineCount > 1, let lineNumber { text += "  line \(lineNumber) of the statement:\n" }
      text += "    " + sourceLine + "\n"
      text += "    " + caretLine + "\n"
    }
    if !suggestions.isEmpty {
      text += "  closest \(suggestionKind): " + suggestions.joined(separator: ", ") + "\n"
    }
    return text
  }

  /// Whether the report says more than sqlite3's message would: a line to show.
  package var locatesError: Bool { sourceLine != nil || !suggestions.isEmpty }

  private mutating func locate(_ offset: Int, in statement: String) {
    let bytes = Array(statement.utf8)
    let before = bytes[..<offset]
    let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
    let lineEnd = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
    lineNumber = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
    var line = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
    if line.hasSuffix("\r") { line.removeLast() }
    sourceLine = line
    var caret = ""
    for scalar in String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars {
      if scalar == "\t" {
        caret += "\t"
      } else {
        caret += String(repeating: " ", count: DisplayWidth.width(of: scalar.value))
      }
    }
    caretLine = caret + "^"
  }

  /// The failing statement: `text` without its leading white space (`leading` bytes) and
  /// without the statements after it.
  static func statementText(_ text: String) -> (text: String, leading: Int) {
    let bytes = Array(text.utf8)
    let leading = bytes.prefix(while: { $0 == 0x20 || (0x09...0x0D).contains($0) }).count
    let rest = String(decoding: bytes[leading...], as: UTF8.self)
    var statement = firstStatement(of: rest)
    while let last = statement.last, last.isWhitespace { statement.removeLast() }
    return (statement, leading)
  }

  /// The text up to and including the first `;` that ends a statement.
  private static func firstStatement(of text: String) -> String {
    var index = text.startIndex
    while let semicolon = text[index...].firstIndex(of: ";") {
      let candidate = String(text[...semicolon])
      if Connection.isComplete(candidate) { return candidate }
      index = text.index(after: semicolon)
    }
    return text
  }

  /// The name in `no such column: X`, `no such table: X` or `no such function: X` (as
  /// written, perhaps `alias.X`), if that is the message.
  static func missingName(in message: String, kind: String) -> String? {
    let prefix = "no such \(kind): "
    guard message.hasPrefix(prefix) else { return nil }
    return String(message.dropFirst(prefix.count))
  }

  /// Where the name a message reports is written in the statement, for the errors SQLite
  /// gives no offset for (`no such table: t`): the first place the name stands as a word.
  static func offsetOfName(in message: String, within statement: String) -> Int? {
    let kinds = ["no such table: ", "no such column: ", "no such function: ", "no such view: "]
    guard let kind = kinds.first(where: { message.hasPrefix($0) }) else { return nil }
    let full = String(message.dropFirst(kind.count))
    let last = full.split(separator: ".").last.map(String.init) ?? full
    let name = last.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
    guard !name.isEmpty else { return nil }
    let bytes = statement.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
    guard bytes.count >= name.count else { return nil }
    func isNamePart(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: "_") || byte >= 0x80
        || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
    for start in 0...(bytes.count - name.count)
    where bytes[start..<(start + name.count)].elementsEqual(name) {
      let before = start > 0 ? bytes[start - 1] : 0x20
      let after = start + name.count < bytes.count ? bytes[start + name.count] : 0x20
      if !isNamePart(before), !isNamePart(after) {
        return before == UInt8(ascii: "\"") || before == UInt8(ascii: "`") ? start - 1 : start
      }
    }
    return nil
  }
}
